/** Coastal communes, "département:name" as in the official register (written by hand; see coastal-communes.mjs). */
export declare const COASTAL_COMMUNES: readonly string[];
