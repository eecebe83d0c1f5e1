-- footprint_pairs is derived data: footprint:compute replaces every row in one transaction, from the websites
-- it reads in that same transaction, and every read joins both ends to the websites the user may see (a
-- pair of a website deleted since is never read, and the next computation drops it). Its two foreign keys
-- checked each end of each row against websites, a lookup and a key-share lock per end: 400,000 for a
-- 2,000-site network, 5 of the 8 seconds its store took on the embedded database. footprint_facts keeps its
-- sites as an array without a foreign key for the same reason.
ALTER TABLE footprint_pairs DROP CONSTRAINT footprint_pairs_a_fkey;
ALTER TABLE footprint_pairs DROP CONSTRAINT footprint_pairs_b_fkey;
