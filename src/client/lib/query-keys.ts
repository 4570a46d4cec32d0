/**
 * Query keys that more than one feature touches: the job lists are owned by the customers and landscapers
 * features, and the notification stream refreshes them when a job alert arrives. Keeping the keys here lets
 * notifications do that without importing either feature.
 */
export const jobListKeys = {
  customer: ["customer", "jobs"],
  landscaper: ["landscaper", "jobs"],
} as const;

/**
 * A job's conversation (the conversations feature reads it; the notification stream re-reads it when a
 * message alert arrives). `all` covers every job's.
 */
export const conversationKeys = {
  all: ["conversation"] as const,
  job: (jobId: string) => ["conversation", jobId] as const,
};
