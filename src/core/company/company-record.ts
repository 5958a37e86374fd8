/** One generated company record, as the API serves it. Every field is a non-empty string. */
export interface CompanyRecord {
  /** `^\d{3} \d{3} \d{3} \d{5}$`, Luhn-valid; its first 11 characters are `siren`. */
  siret: string;
  /** `^\d{3} \d{3} \d{3}$`, Luhn-valid, first digit 3-9, never 356000000. */
  siren: string;
  company: string;
  street_address: string;
  /** Official name of a current French commune. */
  city: string;
  /** `^\d{5}$`, one of the commune's postcodes. */
  postcode: string;
}

/** The record fields in the order the API and the CSV export use. */
export const COMPANY_FIELDS = ['siret', 'siren', 'company', 'street_address', 'city', 'postcode'] as const;
