import type { DirectDb } from "./direct-db.js";

/**
 * Public profiles for the bench's pages (issue 36): the seeded landscapers get profile addresses (the bulk seed
 * writes none), and the first approved one a description and released reviews of their completed jobs, so the
 * profile Lighthouse reads is a full one. Answers that profile's address, or null with no approved landscaper.
 */
export async function prepareProfiles(direct: DirectDb): Promise<string | null> {
  await direct.exec(`
    update landscaper l set slug = 'bench-pro-' || s.n
    from (select user_id, row_number() over (order by created_at, user_id) as n from landscaper where slug is null) s
    where l.user_id = s.user_id`);
  const [pro] = await direct.query<{ id: string; slug: string }>(`
    select user_id as id, slug from landscaper
    where status = 'approved' and slug is not null and profile_hidden_at is null
    order by created_at, user_id limit 1`);
  if (!pro) return null;
  await direct.query(
    `update landscaper set description = 'A two-person crew mowing, edging and mulching across south Charlotte since 2015.',
       years_in_business = 9, insurance_expires_on = current_date + 180 where user_id = $1`,
    [pro.id],
  );
  await direct.query(
    `insert into review (job_id, landscaper_id, customer_id, author_name, quality, punctuality, communication, body,
       submitted_at, visible_from)
     select j.id, j.landscaper_id, j.customer_id, 'Bench C.', 3 + (row_number() over (order by j.id) % 3)::int, 5, 4,
       'On time, tidy edges, and the clippings were gone.', coalesce(j.completed_at, j.created_at),
       coalesce(j.completed_at, j.created_at)
     from job j
     where j.landscaper_id = $1 and j.status = 'completed' and j.series_id is null
       and not exists (select 1 from review r where r.job_id = j.id)
     order by j.completed_at desc nulls last limit 25`,
    [pro.id],
  );
  return pro.slug;
}
