import type { DirectDb } from "./direct-db.js";

/**
 * Problem reports for the Resolutions list, in proportion to the data: every 50th job completed in the last
 * 60 days was reported 1–5 hours after its completion (half of them since resolved by our team), each with two
 * problem photos and two messages (rows only: the list reads the rows, not the files).
 */
export async function seedDisputes(direct: DirectDb): Promise<{ open: number; resolved: number }> {
  await direct.exec(`
    drop table if exists bench_dispute;
    create table bench_dispute as
      select id, customer_id, landscaper_id, completed_at, row_number() over (order by number) as n
        from job where status = 'completed' and completed_at > now() - interval '60 days' and customer_id is not null;
    delete from bench_dispute where n % 50 <> 0;
    update job j set problem_reported_at = d.completed_at + (1 + d.n % 5) * interval '1 hour',
                     dispute_reported_at = d.completed_at + (1 + d.n % 5) * interval '1 hour',
                     problem_reason = 'partly_done', problem_note = 'The back yard was not mowed at all.',
                     dispute_resolution = case when d.n % 100 = 0 then 'partial_refund' end,
                     dispute_resolution_note = case when d.n % 100 = 0 then 'The front was done, the back was not.' end,
                     dispute_resolved_at = case when d.n % 100 = 0
                       then least(now(), d.completed_at + interval '3 days') end
      from bench_dispute d where j.id = d.id;
    insert into job_photo (job_id, kind, visit, uploader_id, key, thumb_key, width, height, bytes, created_at)
    select d.id, 'problem', 1, d.customer_id, 'job-photos/' || d.id || '/p' || k || '.jpg',
           'job-photos/' || d.id || '/p' || k || '-thumb.jpg', 2048, 1536, 420000, d.completed_at + interval '1 hour'
      from bench_dispute d cross join generate_series(1, 2) k;
    insert into job_message (job_id, sender_id, sender_role, sender_name, body, created_at)
    select d.id, case when k = 1 then d.customer_id else d.landscaper_id end,
           case when k = 1 then 'customer' else 'landscaper' end, 'Bench', 'About the back yard.',
           d.completed_at + k * interval '2 hours'
      from bench_dispute d cross join generate_series(1, 2) k;
    analyze job; analyze job_photo; analyze job_message;`);
  const [row] = await direct.query<{ open: number; resolved: number }>(
    `select count(*) filter (where j.dispute_resolved_at is null)::int as open,
            count(*) filter (where j.dispute_resolved_at is not null)::int as resolved
       from bench_dispute d join job j on j.id = d.id`,
  );
  await direct.exec("drop table bench_dispute");
  return { open: row?.open ?? 0, resolved: row?.resolved ?? 0 };
}
