/** A source of the current time in epoch milliseconds. Core code receives one instead of calling `Date.now()`. */
export interface Clock {
  now(): number;
}
