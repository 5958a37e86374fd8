// Word lists for company names and street addresses. Written for this project: common French surnames (as ranked by
// frequency in public civil-registry statistics), common trades, and the street names found in most French towns.

/** Frequent French surnames, most frequent first (a rank-based weight is applied when drawing). */
export const SURNAMES: readonly string[] = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent', 'Simon', 'Michel',
  'Lefebvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard', 'Bonnet', 'Dupont', 'Lambert', 'Fontaine',
  'Rousseau', 'Vincent', 'Muller', 'Lefèvre', 'Faure', 'André', 'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier', 'Chevalier',
  'François', 'Legrand', 'Gauthier', 'Garcia', 'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu',
  'Gautier', 'Masson', 'Marchand', 'Duval', 'Denis', 'Dumont', 'Marie', 'Lemaire', 'Noël', 'Meyer', 'Dufour', 'Meunier', 'Brun',
  'Blanchard', 'Giraud', 'Joly', 'Rivière', 'Lucas', 'Brunet', 'Gaillard', 'Barbier', 'Arnaud', 'Martinez', 'Gérard', 'Roche',
  'Renard', 'Schmitt', 'Roy', 'Leroux', 'Colin', 'Vidal', 'Caron', 'Picard', 'Roger', 'Fabre', 'Aubert', 'Lemoine', 'Renaud',
  'Dumas', 'Lacroix', 'Olivier', 'Philippe', 'Bourgeois', 'Pierre', 'Benoît', 'Rey', 'Leclerc', 'Payet', 'Rolland', 'Leclercq',
  'Guillaume', 'Lecomte', 'Lopez', 'Jean', 'Dupuy', 'Guillot', 'Hubert', 'Berger', 'Carpentier', 'Sanchez', 'Dupuis', 'Moulin',
  'Louis', 'Deschamps', 'Huet', 'Vasseur', 'Perez', 'Boucher', 'Fleury', 'Royer', 'Klein', 'Jacquet', 'Adam', 'Paris', 'Poirier',
  'Marty', 'Aubry', 'Guyot', 'Carré', 'Charles', 'Renault', 'Charpentier', 'Ménard', 'Maillard', 'Baron', 'Bertin', 'Bailly',
  'Hervé', 'Schneider', 'Fernandez', 'Le Gall', 'Collet', 'Léger', 'Bouvier', 'Julien', 'Prévost', 'Millet', 'Perrot', 'Daniel',
  'Le Roux', 'Cousin', 'Germain', 'Breton', 'Besson', 'Langlois', 'Rémy', 'Le Goff', 'Pelletier', 'Lévêque', 'Perrier',
  'Leblanc', 'Barré', 'Lebrun', 'Marchal', 'Weber', 'Mallet', 'Hamon', 'Boulanger', 'Jacob', 'Monnier', 'Michaud', 'Rodriguez',
  'Guichard', 'Gillet', 'Étienne', 'Grondin', 'Poulain', 'Tessier', 'Chevallier', 'Collin', 'Chauvin', 'Da Silva', 'Bouchet',
  'Gay', 'Lemaître', 'Bénard', 'Maréchal', 'Humbert', 'Reynaud', 'Antoine', 'Hoarau', 'Perret', 'Barthélemy', 'Cordier',
  'Pichon', 'Lejeune', 'Gilbert', 'Lamy', 'Delaunay', 'Pasquier', 'Carlier', 'Laporte',
];

/** Trades and shop signs that precede a surname ("Boulangerie Lefèvre") or a place ("Garage de la Gare"). */
export const TRADES: readonly string[] = [
  'Boulangerie', 'Pâtisserie', 'Boucherie', 'Charcuterie', 'Fromagerie', 'Garage', 'Pharmacie', 'Menuiserie', 'Plomberie',
  'Électricité', 'Maçonnerie', 'Couverture', 'Peinture', 'Transports', 'Taxi', 'Cabinet', 'Atelier', 'Imprimerie', 'Librairie',
  'Fleurs', 'Coiffure', 'Restaurant', 'Café', 'Brasserie', 'Hôtel', 'Auto-école', 'Pressing', 'Optique', 'Immobilier',
  'Paysages', 'Terrassement', 'Serrurerie', 'Ambulances', 'Cave', 'Épicerie', 'Chauffage', 'Carrelage', 'Toiture',
];

/** Activity words that follow a surname ("Moreau Conseil"). */
export const ACTIVITIES: readonly string[] = [
  'Conseil', 'Consulting', 'Services', 'Distribution', 'Bâtiment', 'Rénovation', 'Informatique', 'Industrie', 'Logistique',
  'Patrimoine', 'Immobilier', 'Invest', 'Développement', 'Ingénierie', 'Expertise', 'Habitat', 'Énergies', 'Négoce',
];

/** Places a trade is named after ("Pharmacie du Centre"). */
export const PLACES: readonly string[] = [
  'du Centre', 'de la Gare', 'du Marché', 'de la Place', 'du Port', 'de la Mairie', "de l'Église", 'du Château', 'des Halles',
  'du Pont', 'du Parc', 'de la Poste', 'du Lac', 'des Arts', 'du Moulin', 'de la Plage', 'des Alpes', 'du Midi',
];

/** Street types with their share of French addresses (weights, not percentages). */
export const STREET_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['Rue', 62], ['Avenue', 10], ['Boulevard', 5], ['Chemin', 6], ['Place', 3], ['Allée', 4], ['Impasse', 4], ['Route', 4],
  ['Quai', 1], ['Cours', 1],
];

/** Street names found in most French towns, each usable after any street type. */
export const STREET_NAMES: readonly string[] = [
  'de la République', 'Victor Hugo', 'Jean Jaurès', 'de la Gare', 'Pasteur', 'du Général de Gaulle', "de l'Église",
  'des Écoles', 'du Moulin', 'de Verdun', 'Jean Moulin', 'Gambetta', 'de la Liberté', 'du Stade', 'des Lilas', 'de la Mairie',
  'du Château', 'Carnot', 'Émile Zola', 'de la Paix', 'du 8 Mai 1945', 'du 11 Novembre 1918', 'Jules Ferry', 'Anatole France',
  'Louis Pasteur', 'Saint-Martin', 'des Tilleuls', 'des Acacias', 'de la Fontaine', 'Georges Clemenceau', 'Paul Bert', 'Voltaire',
  'Molière', 'Charles de Gaulle', 'du Maréchal Foch', 'de Paris', 'des Vignes', 'du Puits', 'des Jardins', 'de la Forêt',
  'des Peupliers', 'du Lavoir', 'des Prés', 'Pierre Curie', 'Marie Curie', 'Jean Monnet', 'Lamartine', 'Alsace-Lorraine',
  'de Strasbourg', 'Aristide Briand', 'de la Libération', 'Henri Barbusse', 'Gabriel Péri', 'Maurice Ravel', 'des Roses',
  'du Commerce', 'Nationale', 'de Bretagne', 'de la Croix', 'du Four', 'des Frères Lumière', 'Edmond Rostand', 'Jean Jacques Rousseau',
  'de la Poste', 'des Champs', 'de la Source', 'du Docteur Schweitzer', 'Léon Blum', 'Albert Camus', 'Denis Papin', 'de Lattre de Tassigny',
  'des Primevères', 'du Parc', 'de Provence', 'du Port', 'de la Chapelle', 'du Bourg', 'des Sports', 'Saint-Jacques', 'Sadi Carnot',
];
