// Word lists for company names and street addresses, written for this project from published statistics (no list copied):
// - surnames: the most frequent French surnames as ranked by INSEE's civil-registry statistics (births 1891-2000), with the
//   regional ones of Brittany, Alsace and the South-West that those rankings show, and the frequent names of Spanish,
//   Portuguese, Italian, North-African and Vietnamese origin; overseas, the names of La Réunion, Mayotte and the Antilles
//   (docs/data.md gives their sources);
// - first names: the most given first names of the birth years 1950-2005 in INSEE's "Fichier des prénoms";
// - street names: the names and types that head the Base Adresse Nationale's frequency counts of street names
//   (Église, Mairie, Gare, Victor Hugo, Jean Jaurès, Pasteur, flowers, trees, mills, fountains...).
// Apostrophes are the straight ', as the registers write names; the edge-case profile is where the curly one comes in.

/** Frequent French surnames, most frequent first (drawn with a weight decreasing with the rank). */
export const SURNAMES: readonly string[] = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent', 'Simon', 'Michel',
  'Lefebvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard', 'Bonnet', 'Dupont', 'Lambert', 'Fontaine',
  'Rousseau', 'Vincent', 'Muller', 'Lefèvre', 'Faure', 'André', 'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier',
  'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia', 'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Henry',
  'Roussel', 'Mathieu', 'Gautier', 'Masson', 'Marchand', 'Duval', 'Denis', 'Dumont', 'Lemaire', 'Noël', 'Meyer', 'Dufour',
  'Meunier', 'Brun', 'Blanchard', 'Giraud', 'Joly', 'Rivière', 'Lucas', 'Brunet', 'Gaillard', 'Barbier', 'Arnaud',
  'Martinez', 'Gérard', 'Roche', 'Renard', 'Schmitt', 'Roy', 'Leroux', 'Colin', 'Vidal', 'Caron', 'Picard', 'Roger', 'Fabre',
  'Aubert', 'Lemoine', 'Renaud', 'Dumas', 'Lacroix', 'Olivier', 'Philippe', 'Bourgeois', 'Benoît', 'Rey', 'Leclerc', 
  'Rolland', 'Leclercq', 'Guillaume', 'Lecomte', 'Lopez', 'Dupuy', 'Guillot', 'Hubert', 'Berger', 'Carpentier', 'Sanchez',
  'Dupuis', 'Moulin', 'Deschamps', 'Huet', 'Vasseur', 'Perez', 'Boucher', 'Fleury', 'Royer', 'Klein', 'Jacquet', 'Adam',
  'Poirier', 'Marty', 'Aubry', 'Guyot', 'Carré', 'Charles', 'Renault', 'Charpentier', 'Ménard', 'Maillard', 'Baron',
  'Bertin', 'Bailly', 'Hervé', 'Schneider', 'Fernandez', 'Le Gall', 'Collet', 'Léger', 'Bouvier', 'Julien', 'Prévost',
  'Millet', 'Perrot', 'Daniel', 'Le Roux', 'Cousin', 'Germain', 'Breton', 'Besson', 'Langlois', 'Rémy', 'Le Goff',
  'Pelletier', 'Lévêque', 'Perrier', 'Leblanc', 'Barré', 'Lebrun', 'Marchal', 'Weber', 'Mallet', 'Hamon', 'Boulanger',
  'Jacob', 'Monnier', 'Michaud', 'Rodriguez', 'Guichard', 'Gillet', 'Étienne', 'Poulain', 'Tessier', 'Chevallier',
  'Collin', 'Chauvin', 'Da Silva', 'Bouchet', 'Gay', 'Lemaître', 'Bénard', 'Maréchal', 'Humbert', 'Reynaud', 'Antoine',
  'Perret', 'Barthélemy', 'Cordier', 'Pichon', 'Lejeune', 'Gilbert', 'Lamy', 'Delaunay', 'Pasquier', 'Carlier',
  'Laporte', 'Gomez', 'Rousset', 'Gonzalez', 'Vallée', 'Ferrand', 'Leduc', 'Lebon', 'Maillet', 'Bourdon', 'Tanguy', 'Delmas',
  'Pons', 'Buisson', 'Ferreira', 'Pereira', 'Dos Santos', 'Rodrigues', 'Fernandes', 'Gonçalves', 'Lemercier',
  'Guillon', 'Delattre', 'Besnard', 'Bousquet', 'Texier', 'Foucher', 'Brunel', 'Coulon', 'Camus', 'Hardy', 'Jourdan',
  'Lacoste', 'Navarro', 'Rossi', 'Ricci', 'Romano', 'Colombo', 'Bruno', 'Marino', 'Ruiz', 'Hernandez', 'Moreno', 'Jimenez',
  'Alvarez', 'Castro', 'Ortega', 'Nguyen', 'Tran', 'Pham', 'Benali', 'Haddad', 'Mansouri', 'Bouzid', 'Cherif', 'Amrani',
  'Benamar', 'Meziane', 'Belkacem', 'Lopes', 'Martins', 'Teixeira', 'Carvalho', 'Pinto', 'Marques', 'Cardoso', 'Mendes',
  'Guillou', 'Le Bihan', 'Le Corre', 'Le Floch', 'Le Guen', 'Le Meur', 'Kerleau', 'Le Borgne', 'Morvan', 'Riou', 'Caradec',
  'Jaouen', 'Quéré', 'Cadiou', 'Prigent', 'Guégan', 'Hascoët', 'Stéphan', 'Wagner', 'Hoffmann', 'Becker', 'Schmidt',
  'Fischer', 'Zimmermann', 'Koch', 'Keller', 'Roth', 'Kieffer', 'Kuntz', 'Fritsch', 'Lang', 'Walter', 'Hartmann', 'Heitz',
  'Burger', 'Wolff', 'Baumann', 'Jung', 'Graff', 'Ernst', 'Bauer', 'Schwartz', 'Fort', 'Barthe', 'Lafon', 'Lagarde',
  'Castaing', 'Dufau', 'Labat', 'Lamarque', 'Laffitte', 'Daguerre', 'Etcheverry', 'Larrieu', 'Bordes', 'Cazenave',
  'Darrigrand', 'Lassalle', 'Sarrazin', 'Puech', 'Bonnefoy', 'Delpech', 'Rouquette', 'Cabrol', 'Arnal', 'Maurel', 'Bories',
  'Vernhes', 'Pujol', 'Ribes', 'Roques', 'Teyssier', 'Boutin', 'Poulet', 'Rivet', 'Vial', 'Barre', 'Gros', 'Thibault',
  'Bonneau', 'Baudin', 'Normand', 'Tournier', 'Jouan', 'Bouvet', 'Paillard', 'Lemonnier', 'Chauvet', 'Drouet', 'Bigot',
  'Lenoir', 'Aubin', 'Forestier', 'Valentin', 'Cornu', 'Sauvage', 'Girault', 'Dumoulin', 'Levy', 'Cohen', 'Marais',
  'Delorme', 'Maury', 'Ollivier', 'Rocher', 'Chartier', 'Verdier', 'Bonnin', 'Hamel', 'Faivre', 'Pottier', 'Bérard',
  'Turpin', 'Blanchet', 'Merle', 'Bazin', 'Loiseau', 'Rault', 'Ledoux', 'Gosselin', 'Devaux', 'Gervais', 'Poncet', 'Raynaud',
  'Mathis', 'Lemarchand', 'Vaillant', 'Parent', 'Cochet', 'Lefort', 'Descamps', 'Brunetti', 'Thierry', 'Briand', 'Jacques',
  'Fleurier', 'Chapuis', 'Pruvost', 'Dubreuil', 'Guilbert', 'Dupré', 'Rigaud', 'Courtois', 'Mouton', 'Auger', 'Lacombe',
  'Grosset', 'Boulet',
  'Chevrier', 'Carrier', 'Bouchard', 'Tardy', 'Mallard', 'Joubert', 'Delage', 'Berthelot', 'Laine', 'Doucet', 'Hamelin',
  'Guyon', 'Chauveau', 'Mignon', 'Mahé', 'Tixier', 'Fouquet', 'Goujon', 'Legros', 'Lebreton', 'Lesage', 'Poulin', 'Jamet',
  'Pineau', 'Favre', 'Gillot', 'Boivin', 'Gallet', 'Bonhomme', 'Bouquet', 'Alexandre', 'Cordonnier', 'Dubos', 'Marin',
  'Laval', 'Armand', 'Villard', 'Teissier', 'Fabregue', 'Salles', 'Raymond', 'Grand', 'Petitjean', 'Grandjean', 'Besse',
  'Chabert', 'Didier', 'Pierron', 'Lelièvre', 'Simonet', 'Masse', 'Pascal', 'Jolly', 'Cartier', 'Hue', 'Lebas', 'Lecoq',
  'Leconte', 'Lefranc', 'Legay', 'Legendre', 'Léonard', 'Lepage', 'Leprince', 'Leroi', 'Lesueur', 'Letellier', 'Levasseur',
  'Lhomme', 'Lorin', 'Loyer', 'Maire', 'Mangin', 'Marchetti', 'Mariani', 'Maurin', 'Mayer', 'Mazet', 'Michon', 'Millot',
  'Moine', 'Mollet', 'Morand', 'Mouchet', 'Naudin', 'Nicolle', 'Nicol', 'Pages', 'Paquet', 'Pardo', 'Pasquet', 'Patry',
  'Pelissier', 'Pellerin', 'Peltier', 'Petitet', 'Peyre', 'Pinel', 'Piquet', 'Poisson', 'Pommier', 'Portier', 'Poulard',
  'Prat', 'Provost', 'Ragot', 'Rambaud', 'Ravel', 'Raynal', 'Renaudin', 'Reynier', 'Ribeiro', 'Richer', 'Robinet',
  'Rochette', 'Rodier', 'Rouault', 'Rouxel', 'Ruel', 'Sabatier', 'Salmon', 'Samson', 'Saunier', 'Savary', 'Schaeffer',
  'Sicard', 'Simonin', 'Soulier', 'Thibaud', 'Thomassin', 'Tissot', 'Toussaint', 'Tréguier', 'Vacher', 'Valette', 'Verger',
  'Vernet', 'Viala', 'Viard', 'Vigier', 'Vigneron', 'Vilain', 'Villain', 'Voisin', 'Wolf', 'Ybert', 'Jacquot', 'Jacquemin',
  'Jacquin', 'Jouve', 'Lafont', 'Lagrange', 'Lalande', 'Landry', 'Laroche', 'Larue', 'Lavigne', 'Lebeau', 'Leblond',
  'Lecerf', 'Ledru', 'Lefeuvre', 'Legall', 'Legoff', 'Lemaitre', 'Lenoble', 'Lepetit', 'Leray', 'Lerouge', 'Letourneau',
  'Levêque', 'Lhermitte', 'Lienard', 'Lombard', 'Maheu', 'Manceau', 'Marchandise', 'Marot', 'Martel', 'Massé', 'Mathey',
  'Mauger', 'Merlin', 'Mesnil', 'Monier', 'Monnet', 'Montagne', 'Morice', 'Morlet', 'Mougel', 'Mounier', 'Moutin', 'Nadal',
  'Niel', 'Oger', 'Ory', 'Pagès', 'Parmentier', 'Pécheur', 'Péron', 'Perreau', 'Petitpas', 'Peyrot', 'Picot', 'Pierrot',
  'Pinçon', 'Pireaux', 'Prévot', 'Puig', 'Py', 'Rabier', 'Raffin', 'Ravier', 'Rebour', 'Renou', 'Ribière', 'Rigal', 'Roblin',
  'Rondeau', 'Rosier', 'Rossignol', 'Roul', 'Roussey', 'Royet', 'Sabourin', 'Sagnier', 'Salaün', 'Sanson', 'Sauvageot',
  'Seguin', 'Serre', 'Servant', 'Simard', 'Solé', 'Sorel', 'Tailleur', 'Tardieu', 'Terrier', 'Thévenin', 'Thiery',
  'Thuillier', 'Tissier', 'Tournade', 'Trémolières', 'Valat', 'Vallet', 'Vannier', 'Vautrin', 'Véron', 'Viaud', 'Vignal',
  'Viret', 'Vivier', 'Weiss', 'Willaume', 'Zanetti', 'Abadie', 'Achard', 'Agostini', 'Aguilar', 'Allard', 'Allain', 'Alves',
  'Andrieu', 'Anselme', 'Arnould', 'Astier', 'Aubertin', 'Audoin', 'Audouin', 'Aymard', 'Babin', 'Bacon', 'Bailleul',
  'Ballet', 'Barbe', 'Bardet', 'Barret', 'Bastien', 'Baudet', 'Baudry', 'Bayle', 'Bazile', 'Beaumont', 'Bellanger',
  'Belleville', 'Benard', 'Berthier', 'Besnier', 'Bessière', 'Bidault', 'Billard', 'Blaise', 'Blin', 'Boisson', 'Bon',
  'Bonnard', 'Bonnefond', 'Bordier', 'Bosc', 'Boudet', 'Bouillon', 'Bourgoin', 'Boutet', 'Bouton', 'Bouyer', 'Brault',
  'Brès', 'Bret', 'Brisson', 'Brochard', 'Brossard', 'Bruneau', 'Bruyère', 'Buffet', 'Bunel', 'Caillaud', 'Calvet', 'Cambon',
  'Canet', 'Capelle', 'Carbonnel', 'Carles', 'Caillet', 'Castel', 'Cauvin', 'Cazals', 'Cellier', 'Chaillou', 'Chambon',
  'Champion', 'Chanel', 'Chapelle', 'Charbonnier', 'Charrier', 'Chatelain', 'Chauvel', 'Chéron', 'Chevreau', 'Chiron',
  'Clerc', 'Coste', 'Costes', 'Cottin', 'Coudert', 'Coulomb', 'Courtin', 'Coutant', 'Couturier', 'Crépin', 'Cros',
  'Cuvelier', 'Dardenne', 'Daubert', 'Debray', 'Deleuze', 'Delhomme', 'Delmotte', 'Demay', 'Deneuve', 'Desbois', 'Deshayes',
  'Desmarets', 'Devos', 'Dias', 'Diaz', 'Dubost', 'Duc', 'Duchêne', 'Ducrocq', 'Dufresne', 'Duhamel', 'Dumay', 'Dupin',
  'Durieux', 'Duthil', 'Esnault', 'Espinasse', 'Estève', 'Evrard', 'Fabry', 'Fauré', 'Favier', 'Ferrer', 'Ferré', 'Ferry',
  'Fevre', 'Fiquet', 'Flament', 'Fleurot', 'Fontanel', 'Foucault', 'Fournel', 'Fradin', 'Fromont', 'Gaget', 'Galland',
  'Gallois', 'Gasnier', 'Gaudin', 'Gautron', 'Geoffroy', 'Gibert', 'Girardin', 'Godard', 'Godefroy', 'Gomes', 'Goncalves',
  'Gosset', 'Goulet', 'Gouraud', 'Grange', 'Granier', 'Grégoire', 'Grenier', 'Grimaud', 'Guibert', 'Guilbaud', 'Guillemin',
  'Guillet', 'Guyard', 'Hennequin', 'Héraud', 'Huguet', 'Imbert', 'Jacquemet', 'Jaffré', 'Jégou',
];

/**
 * Surnames of the overseas departments and collectivities whose people carry names of their own, most frequent first, by
 * département: La Réunion's (Payet, Grondin and Hoarau head its ranking; names of the first settlers, of freed slaves,
 * and of Tamil origin), Mayotte's (a father's personal name, mostly from the Muslim register, became the family name when
 * the civil registry was revised in 2000-2011), the Antilles' (compound names and a matronym in Martinique, the names of
 * Guadeloupe's islands), Saint-Barthélemy's and Saint-Martin's.
 */
export const OVERSEAS_SURNAMES: Readonly<Record<string, readonly string[]>> = {
  '974': [
    'Payet', 'Grondin', 'Hoarau', 'Técher', 'Hoareau', 'Nativel', 'Maillot', 'Lauret', 'Clain', 'Dijoux', 'Ethève', 'Mussard',
    'Dalleau', 'Baillif', 'Sautron', 'Bègue', 'Damour', 'Hibon', 'Dennemont', 'Gonthier', 'Cadet', 'Ramassamy',
    'Moutoussamy', 'Virapoullé',
  ],
  '976': [
    'Ahamada', 'Abdallah', 'Madi', 'Attoumani', 'Soilihi', 'Houmadi', 'Ali', 'Saïd', 'Abdou', 'Ahmed', 'Combo', 'Boina',
    'Saindou', 'Assani', 'Hamada', 'Ousseni', 'Bacar', 'Halidi', 'Youssouf', 'Moussa', 'Anli', 'Chamassi', 'Daoud', 'Mohamed',
  ],
  '971': ['Selbonne', 'Brudey', 'Dabriou', 'Joyeux', 'Bordey', 'Gréaux', 'Lédée', 'Richardson', 'Gumbs', 'Hodge'],
  '972': [
    'Jean-Baptiste', 'Marie-Sainte', 'Marie-Louise', 'Marie-Luce', 'Marie-Joseph', 'Marie-Rose', 'Louis-Marie', 'Jean-Louis',
    'Jean-Joseph', 'Sainte-Rose', 'Saint-Aimé', 'Francillette',
  ],
  '977': ['Gréaux', 'Lédée', 'Laplace', 'Aubin', 'Bernier'],
  '978': ['Richardson', 'Gumbs', 'Hodge', 'Lake'],
};

/** Frequent first names of people of working age, with the compound ones hyphenated as registered ("Jean-Pierre"). */
export const FIRST_NAMES: readonly string[] = [
  'Jean', 'Philippe', 'Pascal', 'Thierry', 'Éric', 'Patrick', 'Christophe', 'Stéphane', 'Laurent', 'Frédéric', 'Olivier',
  'Sébastien', 'Nicolas', 'Julien', 'David', 'Jérôme', 'Vincent', 'Franck', 'Didier', 'Bruno', 'Alain', 'Michel', 'Pierre',
  'Thomas', 'Alexandre', 'Maxime', 'Romain', 'Kevin', 'Anthony', 'Mathieu', 'Guillaume', 'Benjamin', 'Antoine', 'Florian',
  'Jonathan', 'Clément', 'Hugo', 'Lucas', 'Théo', 'Quentin', 'Nathan', 'Louis', 'Arthur', 'Paul', 'Enzo', 'Mehdi', 'Karim',
  'Yannick', 'Cédric', 'Fabrice', 'Emmanuel', 'Sylvain', 'Arnaud', 'Damien', 'Jérémy', 'Mickaël', 'Grégory', 'Ludovic',
  'Benoît', 'Samuel', 'Adrien', 'Baptiste', 'Valentin', 'Alexis', 'Simon', 'Dylan', 'Tom', 'Raphaël', 'Gabriel', 'Léo',
  'Mathis', 'Jules', 'Victor', 'Yann', 'Loïc', 'Gilles', 'Hervé', 'Serge', 'Joël', 'Marc', 'Patrice', 'Denis', 'Jacques',
  'Bernard', 'Gérard', 'Daniel', 'Christian', 'François', 'Xavier', 'Fabien', 'Cyril', 'Rémi', 'Aurélien', 'Jordan', 'Axel',
  'Jean-Pierre', 'Jean-Luc', 'Jean-François', 'Jean-Marc', 'Jean-Claude', 'Jean-Michel', 'Jean-Philippe', 'Jean-Christophe',
  'Jean-Baptiste', 'Jean-Charles', 'Jean-Louis', 'Jean-Paul', 'Jean-Yves', 'Jean-Jacques', 'Pierre-Yves', 'Marc-Antoine',
  'Paul-Henri', 'Jean-Marie', 'Karine', 'Marie', 'Nathalie', 'Isabelle', 'Sylvie', 'Catherine', 'Sandrine', 'Valérie',
  'Christine', 'Véronique', 'Stéphanie', 'Céline', 'Sophie', 'Aurélie', 'Émilie', 'Julie', 'Camille', 'Laura', 'Sarah',
  'Léa', 'Manon', 'Chloé', 'Pauline', 'Marine', 'Anaïs', 'Mathilde', 'Audrey', 'Élodie', 'Virginie', 'Caroline', 'Nadia',
  'Laetitia', 'Delphine', 'Séverine', 'Carole', 'Patricia', 'Martine', 'Françoise', 'Brigitte', 'Anne', 'Hélène', 'Claire',
  'Laurence', 'Florence', 'Agnès', 'Corinne', 'Emma', 'Inès', 'Jade', 'Louise', 'Alice', 'Lina', 'Clara', 'Océane', 'Marion',
  'Charlotte', 'Lucie', 'Justine', 'Margaux', 'Amandine', 'Elsa', 'Juliette', 'Zoé', 'Eva', 'Lisa', 'Morgane', 'Mélanie',
  'Jessica', 'Cécile', 'Nadège', 'Sabrina', 'Fatima', 'Samia', 'Myriam', 'Muriel', 'Béatrice', 'Christelle', 'Gaëlle',
  'Magali', 'Estelle', 'Coralie', 'Vanessa', 'Alexandra', 'Ophélie', 'Sonia', 'Noémie', 'Maëlle', 'Anne-Sophie',
  'Marie-Claire', 'Marie-Christine', 'Marie-Laure', 'Anne-Marie', 'Marie-Pierre', 'Marie-Hélène', 'Anne-Laure', 'Marie-Anne',
  'Marie-Line', 'Marie-France', 'Jérémie', 'Matthieu', 'Fabienne', 'Rodolphe', 'Hugues', 'Régis', 'Lionel', 'Thibault',
  'Thibaut', 'Gaël', 'Erwan', 'Ronan', 'Tristan', 'Martin', 'Noah', 'Ethan', 'Adam', 'Sacha', 'Malo', 'Timothée', 'Killian',
  'Bastien', 'Corentin', 'Jean-Sébastien', 'Dominique', 'Claude', 'Michèle', 'Jacqueline', 'Danielle', 'Josiane', 'Chantal',
  'Annie', 'Évelyne', 'Odile', 'Pascale', 'Fanny', 'Lucile', 'Agathe', 'Capucine', 'Romane', 'Ambre', 'Léna', 'Nina', 'Rose',
  'Anna', 'Mila', 'Margot', 'Adèle', 'Victoire', 'Apolline', 'Salomé', 'Yasmine', 'Leïla', 'Sofia', 'Amina', 'Kenza',
  'Aïcha', 'Karima', 'Malika', 'Nora', 'Farid', 'Rachid', 'Mohamed', 'Youssef', 'Nabil', 'Sofiane', 'Bilal', 'Hamza',
  'Ibrahim', 'Ali', 'Omar', 'Ahmed', 'Hakim', 'Saïd', 'Jamel', 'Kamel', 'Tony', 'Johnny', 'Steve', 'Mickael', 'Fabio',
  'Marco', 'Luca', 'Antonio', 'Manuel', 'José', 'Carlos', 'Miguel', 'Paulo', 'Sergio', 'Gisèle', 'Ginette', 'Solange',
  'Yvette', 'Colette', 'Mireille', 'Nicole', 'Huguette', 'Paulette', 'Régine', 'Annick', 'Maryse', 'Viviane', 'Sabine',
  'Géraldine', 'Bérangère', 'Blandine', 'Perrine', 'Hortense', 'Solène', 'Clémence', 'Constance', 'Éloïse', 'Héloïse',
  'Jeanne', 'Madeleine', 'Suzanne', 'Thérèse', 'Marguerite', 'Émile', 'Raoul', 'Marius', 'Lucien', 'Félix', 'Augustin',
  'Gaspard', 'Achille', 'Célestin', 'Anatole', 'Basile', 'Côme', 'Edgar', 'Octave', 'Aurore', 'Séverin', 'Benoîte',
  'Joséphine', 'Marie-José', 'Marie-Thérèse', 'Marie-Noëlle', 'Marie-Odile', 'Marie-Paule', 'Anne-Claire', 'Anne-Charlotte',
  'Jean-Noël', 'Jean-Guy', 'Jean-Rémi', 'Jean-Loup',
];

/** Activity words that follow a surname ("Moreau Conseil", "Martin Participations"). */
export const ACTIVITIES: readonly string[] = [
  'Conseil', 'Consulting', 'Services', 'Distribution', 'Bâtiment', 'Rénovation', 'Informatique', 'Industrie', 'Logistique',
  'Patrimoine', 'Immobilier', 'Invest', 'Développement', 'Ingénierie', 'Expertise', 'Habitat', 'Énergies', 'Négoce',
  'Construction', 'Transports', 'Automobiles', 'Formation', 'Communication', 'Design', 'Menuiserie', 'Paysage', 'Électricité',
  'Plomberie', 'Couverture', 'Peinture', 'Charpente', 'Terrassement', 'Carrelage', 'Chauffage', 'Environnement', 'Sécurité',
  'Nettoyage', 'Études', 'Gestion', 'Holding', 'Participations', 'Investissements', 'Maçonnerie', 'Agencement', 'Finances',
];

/**
 * Trade words that open a name, with what may follow them: `S` a surname ("Boulangerie Lefèvre"), `P` a place ("Garage de
 * la Gare"). Trades whose form is restricted (pharmacies) are handled by the name generator.
 */
export const TRADES: ReadonlyArray<readonly [trade: string, follows: 'S' | 'P' | 'SP']> = [
  ['Boulangerie', 'SP'], ['Pâtisserie', 'SP'], ['Boucherie', 'SP'], ['Charcuterie', 'SP'], ['Fromagerie', 'SP'],
  ['Poissonnerie', 'SP'], ['Épicerie', 'SP'], ['Garage', 'SP'], ['Carrosserie', 'SP'], ['Pharmacie', 'SP'], ['Menuiserie', 'S'],
  ['Plomberie', 'S'], ['Maçonnerie', 'S'], ['Charpente', 'S'], ['Serrurerie', 'S'], ['Transports', 'S'], ['Taxis', 'S'],
  ['Ambulances', 'SP'], ['Imprimerie', 'SP'], ['Librairie', 'SP'], ['Coiffure', 'S'], ['Restaurant', 'P'], ['Café', 'P'],
  ['Brasserie', 'P'], ['Hôtel', 'P'], ['Auto-école', 'SP'], ['Pressing', 'P'], ['Optique', 'SP'], ['Bar', 'P'], ['Tabac', 'P'],
  ['Quincaillerie', 'SP'], ['Cordonnerie', 'SP'], ['Traiteur', 'S'], ['Cabinet', 'S'], ['Boulangerie-Pâtisserie', 'SP'],
  ['Boucherie-Charcuterie', 'SP'], ['Cave', 'P'], ['Crêperie', 'P'], ['Pizzeria', 'P'], ['Institut', 'P'],
];

/** Places a shop is named after ("Pharmacie du Centre"). */
export const PLACES: readonly string[] = [
  'du Centre', 'de la Gare', 'du Marché', 'de la Place', 'du Port', 'de la Mairie', "de l'Église", 'du Château', 'des Halles',
  'du Pont', 'du Parc', 'de la Poste', 'du Lac', 'du Commerce', 'du Midi', 'de la Plage', 'des Arts', 'du Théâtre',
  'de la Fontaine', 'du Moulin', "de l'Hôtel de Ville", 'des Remparts', 'du Canal', 'de la Cathédrale', 'du Stade',
];

/** Places of PLACES that only a coastal commune has: a shop "de la Plage" or "du Port" is by the sea. */
export const COASTAL_PLACES: readonly string[] = ['de la Plage', 'du Port'];

/** Landmarks of PLACES and STREET_TOWN that a town of 2,000 or more has, never a village. */
export const TOWN_LANDMARKS: readonly string[] = ['du Théâtre', "de l'Hôtel de Ville", 'des Remparts'];
/** A landmark of PLACES that a city has (20,000 or more): a cathedral is a bishop's see. */
export const CITY_LANDMARKS: readonly string[] = ['de la Cathédrale'];

/** What follows "SCI" when it is not a family name: a place or a tree, written with a lower-case article. */
export const SCI_NAMES: readonly string[] = [
  'Les Tilleuls', 'Les Acacias', 'Le Clos', 'Les Chênes', 'du Parc', 'Les Jardins', 'La Fontaine', 'Les Pins', 'Le Moulin',
  'Les Vignes', 'Horizon', 'Les Lilas', 'du Centre', 'Les Marronniers', 'Les Oliviers', 'des Tilleuls', 'du Moulin',
  'Les Érables', 'Le Verger', 'La Colline', 'Les Cèdres', 'Les Platanes', 'Le Domaine', 'du Lac', 'des Vignes', 'Les Prés',
];

/** Street types with their approximate share of addresses, in percent. */
export const STREET_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['Rue', 52], ['Avenue', 9], ['Boulevard', 4], ['Chemin', 11], ['Route', 7], ['Impasse', 7], ['Allée', 5], ['Place', 3],
  ['Quai', 1], ['Cours', 1],
];

/** People streets are named after, as written on street signs (first name or title, then name). */
export const STREET_PEOPLE: readonly string[] = [
  'Victor Hugo', 'Jean Jaurès', 'Pasteur', 'Louis Pasteur', 'Jean Moulin', 'Gambetta', 'Léon Gambetta', 'Carnot',
  'Sadi Carnot', 'Émile Zola', 'Jules Ferry', 'Anatole France', 'Georges Clemenceau', 'Paul Bert', 'Voltaire', 'Molière',
  'Charles de Gaulle', 'Pierre Curie', 'Marie Curie', 'Pierre et Marie Curie', 'Jean Monnet', 'Lamartine', 'Aristide Briand',
  'Henri Barbusse', 'Gabriel Péri', 'Maurice Ravel', 'Edmond Rostand', 'Jean-Jacques Rousseau', 'Léon Blum', 'Albert Camus',
  'Denis Papin', 'Jean de La Fontaine', 'Alphonse Daudet', 'Frédéric Mistral', 'Hector Berlioz', 'Claude Debussy',
  'Georges Brassens', 'Jacques Prévert', 'Paul Verlaine', 'Arthur Rimbaud', 'Guy de Maupassant', 'Honoré de Balzac',
  'Gustave Flaubert', 'George Sand', 'Colette', 'Jules Verne', 'Antoine de Saint-Exupéry', 'Charles Péguy', 'Louis Aragon',
  'Paul Éluard', 'Auguste Renoir', 'Claude Monet', 'Paul Cézanne', 'Eugène Delacroix', 'Jean Mermoz', 'Roland Garros',
  'Louis Blériot', 'Clément Ader', 'Nicolas Appert', 'Ambroise Paré', 'Blaise Pascal', 'René Descartes', 'Condorcet',
  'Danton', 'Mirabeau', 'Jean Macé', 'Ferdinand Buisson', 'Marcelin Berthelot', 'Paul Doumer', 'Raymond Poincaré',
  'Jean Bart', 'Surcouf', 'Hoche', 'Kléber', 'Marceau', "Jeanne d'Arc", 'Henri IV', 'Émile Combes', 'Pierre Brossolette',
  'Lucie Aubrac', 'Simone Veil', 'Olympe de Gouges', 'Louise Michel', 'Jean Zay', 'Guy Môquet', 'Danielle Casanova',
  'Salvador Allende', 'Nelson Mandela', 'Martin Luther King', 'Winston Churchill', 'Franklin Roosevelt', 'Pierre Mendès France',
  'François Mitterrand', 'Jean Rostand', 'Paul Langevin', 'Irène Joliot-Curie', 'Frédéric Joliot-Curie', 'Lavoisier',
  'André Malraux', 'Édouard Herriot', 'Jean Giono', 'Marcel Pagnol', 'Émile Roux', 'Alexandre Dumas', 'Camille Desmoulins',
  'Jean Bouin', 'Pierre de Coubertin', 'Édith Piaf', 'Jacques Brel', 'Boris Vian', 'Albert Einstein', 'Alexander Fleming',
  'Hélène Boucher', 'Paul Valéry', 'Charles Baudelaire', 'Marcel Proust', 'Romain Rolland', 'Roger Salengro', 'Ernest Renan',
  'Jules Guesde', 'Vauban', 'Turenne', 'Colbert', 'Richelieu', 'Sully', 'Parmentier', 'Buffon', 'Ampère', 'Gay-Lussac',
  'Arago', 'Monge', 'Cuvier', 'Lamarck', 'Diderot', 'Montesquieu', 'Racine', 'Corneille', 'Rabelais', 'Ronsard', 'Montaigne',
  'Chateaubriand', 'Stendhal', 'Alfred de Musset', 'Alfred de Vigny', 'Théophile Gautier', 'Pierre Loti', 'Paul Vaillant-Couturier',
  'Marcel Sembat', 'Jean Lurçat', 'Henri Matisse', 'Auguste Rodin', 'Georges Bizet', 'Camille Saint-Saëns', 'Charles Gounod',
  'Jean-Baptiste Clément', 'Eugène Varlin', 'Rouget de Lisle', 'Gustave Eiffel', 'Louis Braille',
  'du Général de Gaulle', 'du Général Leclerc', 'du Maréchal Foch', 'du Maréchal Joffre', 'du Maréchal Lyautey',
  'du Maréchal de Lattre de Tassigny', 'du Docteur Schweitzer', 'du Docteur Roux', 'du Président Wilson',
  'du Président Kennedy', 'du Commandant Charcot', "de l'Abbé Pierre", 'du Colonel Fabien', 'du Capitaine Dreyfus',
];

/** Dates streets commemorate. */
export const STREET_DATES: readonly string[] = [
  'du 8 Mai 1945', 'du 11 Novembre 1918', 'du 14 Juillet', 'du 19 Mars 1962', 'du 4 Septembre', 'du 18 Juin 1940',
  'du 8 Mai', 'du 11 Novembre', 'du 25 Août 1944', 'du 6 Juin 1944',
];

/** Town-centre names: Rue, Avenue, Place or Impasse. */
export const STREET_TOWN: readonly string[] = [
  'de la Gare', 'de la République', 'de la Liberté', 'de la Paix', 'de la Libération', 'de la Victoire', 'du Commerce',
  "de l'Industrie", 'des Écoles', 'du Stade', 'de la Poste', 'de la Mairie', "de l'Église", 'du Château', 'du Marché',
  'des Halles', "de l'Hôtel de Ville", 'du Temple', "de l'Europe", 'des Martyrs', 'des Déportés', 'des Anciens Combattants',
  'de la Résistance', 'du Collège', 'de la Cité', 'des Remparts', 'du Presbytère', 'de la Halle', 'des Fusillés', 'du Pont',
];

/** Flowers, trees and birds of housing estates: Rue, Allée or Impasse. */
export const STREET_NATURE: readonly string[] = [
  'des Lilas', 'des Tilleuls', 'des Acacias', 'des Roses', 'des Primevères', 'des Peupliers', 'des Chênes', 'des Érables',
  'des Platanes', 'des Marronniers', 'des Bleuets', 'des Coquelicots', 'des Violettes', 'des Mimosas', 'des Glycines',
  'des Noisetiers', 'des Saules', 'des Bouleaux', 'des Cerisiers', 'des Pommiers', 'des Hirondelles', 'des Alouettes',
  'des Mésanges', 'des Fauvettes', 'des Jonquilles', 'des Myosotis', 'des Hortensias', 'des Camélias', 'des Magnolias',
  'des Pins', 'des Cèdres', 'des Sapins', 'des Charmes', 'des Frênes', 'des Ormes', 'des Lavandes', 'des Iris', 'des Tulipes',
  'des Églantines', 'des Aubépines', 'des Merisiers', 'des Châtaigniers', 'des Oliviers', 'des Amandiers', 'des Genêts',
];

/** Countryside names: Rue, Chemin, Impasse or Allée. */
export const STREET_RURAL: readonly string[] = [
  'du Moulin', 'des Prés', 'des Champs', 'du Lavoir', 'de la Fontaine', 'du Puits', 'des Vignes', 'de la Source', 'du Bois',
  'des Bois', 'de la Forêt', 'du Ruisseau', "de l'Étang", 'des Carrières', 'de la Croix', 'du Calvaire', 'des Vergers',
  'de la Garenne', 'des Sablons', 'du Four', 'des Bruyères', 'des Noyers', 'de la Côte', 'du Coteau', 'du Pré', 'des Aulnes',
  'de la Mare', 'des Hauts', 'du Bourg', 'des Jardins', 'du Verger', 'de la Ferme', 'des Granges', 'du Petit Bois',
  'des Peupliers', 'de la Vallée', 'du Val', 'des Perrières', 'des Écoliers', 'du Tertre', 'de la Prairie', 'des Roches',
  'du Gué', 'des Vignerons', 'des Marais', 'de la Butte', 'du Château d\'Eau', 'des Sources', 'de la Chapelle', 'des Côtes',
];

/** Cities, regions and battles named in streets of other towns ("Rue de Paris" is never in Paris). */
export const STREET_PLACES: readonly string[] = [
  'de Paris', 'de Lyon', 'de Strasbourg', 'de Verdun', 'de Metz', 'de Nancy', 'de Lille', 'de Bordeaux', 'de Toulouse',
  'de Nantes', 'de Rennes', 'de Brest', 'de Reims', "d'Orléans", 'de Tours', 'de Dijon', 'de Chartres', "d'Amiens", 'de Rouen',
  'de Caen', 'de Limoges', 'de Grenoble', 'de Belfort', "d'Alsace", 'de Bretagne', 'de Provence', 'de Normandie',
  'de Lorraine', 'de Savoie', 'de Bourgogne', 'de Champagne', "d'Auvergne", 'de la Marne', 'de Valmy', "d'Austerlitz",
  "d'Iéna", 'de Wagram', 'de Solférino', 'de Magenta', 'de Sébastopol', 'de Stalingrad', 'de Bir-Hakeim', 'de Picardie',
];

/** Saints' names: Rue, Place, Impasse or Allée. */
export const STREET_SAINTS: readonly string[] = [
  'Saint-Martin', 'Saint-Jacques', 'Saint-Pierre', 'Saint-Michel', 'Sainte-Anne', 'Saint-Roch', 'Saint-Nicolas', 'Saint-Jean',
  'Saint-Louis', 'Saint-Éloi', 'Saint-Vincent', 'Saint-Antoine', 'Saint-Joseph', 'Saint-Laurent', 'Saint-Georges',
  'Sainte-Catherine', 'Saint-Germain', 'Saint-Denis', 'Saint-Julien', 'Saint-Sébastien', 'Sainte-Marie', 'Saint-Blaise',
];

/** Waterside names for quays (a river, a canal, the railway). */
export const STREET_WATER: readonly string[] = ['du Canal', 'des Pêcheurs', 'des Bateliers', 'des Mariniers', 'de la Gare', 'de la Rivière'];

/** Names of the seaside, for coastal communes only. */
export const STREET_COASTAL: readonly string[] = [
  'de la Plage', 'de la Mer', 'du Phare', 'des Dunes', 'de la Corniche', 'des Mouettes', 'des Goélands', 'des Embruns',
  'du Large', 'de la Jetée', 'du Port', 'des Marins', 'des Sables',
];

/**
 * Trees, flowers and birds of the tropical overseas departments and collectivities (Guadeloupe, Martinique, Guyane, La
 * Réunion, Mayotte, Saint-Barthélemy, Saint-Martin), in place of the temperate ones of STREET_NATURE.
 */
export const STREET_TROPICAL_NATURE: readonly string[] = [
  'des Flamboyants', 'des Cocotiers', 'des Manguiers', 'des Frangipaniers', 'des Bougainvilliers', 'des Hibiscus',
  'des Tamariniers', 'des Filaos', 'des Badamiers', 'des Palmiers', 'des Orchidées', 'des Alamandas', 'des Balisiers',
  'des Goyaviers', 'des Letchis', 'des Bananiers', 'des Anthuriums', 'des Fougères', 'des Colibris', 'des Vanilliers',
  'des Avocatiers', 'des Corossoliers', 'des Ylangs', 'des Lataniers', 'des Arums',
];

/** Countryside names of the tropical overseas communes, in place of STREET_RURAL. */
export const STREET_TROPICAL_RURAL: readonly string[] = [
  'de la Ravine', 'du Morne', "de l'Anse", 'de la Savane', 'des Cannes', "de l'Habitation", 'du Bassin', 'de la Source',
  'des Hauts', 'du Piton', 'de la Rivière', 'du Canal', 'de la Distillerie', "de l'Usine", 'des Mornes', 'du Moulin',
  'de la Caféière', 'de la Chapelle', 'des Plateaux', 'du Ruisseau',
];

/** Every street name above, for tests that look at the whole vocabulary. */
export const STREET_NAMES: readonly string[] = [
  ...STREET_PEOPLE, ...STREET_DATES, ...STREET_TOWN, ...STREET_NATURE, ...STREET_RURAL, ...STREET_PLACES, ...STREET_SAINTS,
  ...STREET_WATER, ...STREET_COASTAL, ...STREET_TROPICAL_NATURE, ...STREET_TROPICAL_RURAL, 'Nationale',
];
