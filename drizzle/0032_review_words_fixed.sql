-- Issue 36: a review's stars and words are never edited, its one reply never changed, and no review is
-- deleted while its visit and its landscaper exist (by staff, by the app, or by hand in SQL). The rows go only
-- with their visit or their landscaper's account (the foreign keys' cascades).
CREATE FUNCTION review_words_fixed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "job" WHERE "id" = OLD.job_id)
       AND EXISTS (SELECT 1 FROM "user" WHERE "id" = OLD.landscaper_id) THEN
      RAISE EXCEPTION 'reviews are never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF (NEW.quality, NEW.punctuality, NEW.communication, NEW.body, NEW.author_name, NEW.submitted_at, NEW.job_id)
     IS DISTINCT FROM
     (OLD.quality, OLD.punctuality, OLD.communication, OLD.body, OLD.author_name, OLD.submitted_at, OLD.job_id) THEN
    RAISE EXCEPTION 'a review''s stars and words are never edited' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.reply IS NOT NULL AND NEW.reply IS DISTINCT FROM OLD.reply THEN
    RAISE EXCEPTION 'a reply is never edited' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER review_words_fixed BEFORE UPDATE OR DELETE ON "review"
  FOR EACH ROW EXECUTE FUNCTION review_words_fixed();
