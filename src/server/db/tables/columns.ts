// Column types shared by the table files. Timestamps are ISO-8601 UTC strings and flags are 0/1
// integers in both SQLite and PostgreSQL, so one query code base runs on both engines.
export type Timestamp = string;
export type Flag = number;

/** One level (none, low, medium, high) for each of the eight metrics of spec §3. */
export interface MetricColumns {
  coverage: string;
  throughput: string;
  reputation: string;
  interaction: string;
  monetization: string;
  expertise: string;
  referability: string;
  enjoyment: string;
}
