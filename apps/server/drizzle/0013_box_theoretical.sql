-- What each box adds to the theoretical stock (table in 0012; docs in src/db/schema/orders.ts, boxTheoretical),
-- recomputed from boxes, orders and box_contents for the boxes a statement touched. A box's rows are
-- recomputed by one transaction at a time (the box row is locked first, so a second refresh reads what
-- the first committed). Box statuses: 1 checked with errors, 2 checked without errors.
CREATE FUNCTION "box_theoretical_refresh"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM boxes WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM box_theoretical WHERE box_id = ANY(ids);
  INSERT INTO box_theoretical (box_id, side, location_id, quantity)
  SELECT b.id, s.side, s.location_id, s.quantity
  FROM boxes b
  JOIN orders o ON o.id = b.order_id
  CROSS JOIN LATERAL (SELECT coalesce(sum(c.quantity), 0)::int AS n FROM box_contents c WHERE c.box_id = b.id) q
  CROSS JOIN LATERAL (VALUES
    ('in', o.destination_location_id, q.n, o.type IN ('purchase', 'movement') AND b.destination_status IN (1, 2)),
    ('out', o.origin_location_id, -q.n, o.type IN ('movement', 'online') AND b.origin_status IN (1, 2))
  ) s(side, location_id, quantity, counts)
  WHERE b.id = ANY(ids) AND s.counts AND s.location_id IS NOT NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "boxes_box_theoretical"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only boxes whose statuses or order changed (the UPDATE already holds their rows): a box's
  -- reading times or reception do not move the theoretical stock.
  IF TG_OP = 'INSERT' THEN
    PERFORM box_theoretical_refresh(array(SELECT id FROM new_rows));
  ELSE
    PERFORM box_theoretical_refresh(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.destination_status, n.origin_status, n.order_id) IS DISTINCT FROM (o.destination_status, o.origin_status, o.order_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "box_contents_box_theoretical"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM box_theoretical_refresh(array(SELECT DISTINCT box_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM box_theoretical_refresh(array(SELECT box_id FROM old_rows UNION SELECT box_id FROM new_rows));
  ELSE
    PERFORM box_theoretical_refresh(array(SELECT DISTINCT box_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "orders_box_theoretical"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only orders whose type or locations changed: a status or sync update locks none of its boxes.
  PERFORM box_theoretical_refresh(array(
    SELECT b.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN boxes b ON b.order_id = n.id
    WHERE (n.type, n.destination_location_id, n.origin_location_id) IS DISTINCT FROM (o.type, o.destination_location_id, o.origin_location_id)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "boxes_box_theoretical_insert" AFTER INSERT ON "boxes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "boxes_box_theoretical"();--> statement-breakpoint
CREATE TRIGGER "boxes_box_theoretical_update" AFTER UPDATE ON "boxes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "boxes_box_theoretical"();--> statement-breakpoint
CREATE TRIGGER "box_contents_box_theoretical_insert" AFTER INSERT ON "box_contents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "box_contents_box_theoretical"();--> statement-breakpoint
CREATE TRIGGER "box_contents_box_theoretical_update" AFTER UPDATE ON "box_contents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "box_contents_box_theoretical"();--> statement-breakpoint
CREATE TRIGGER "box_contents_box_theoretical_delete" AFTER DELETE ON "box_contents" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "box_contents_box_theoretical"();--> statement-breakpoint
CREATE TRIGGER "orders_box_theoretical_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_box_theoretical"();--> statement-breakpoint
-- The boxes already there.
INSERT INTO "box_theoretical" (box_id, side, location_id, quantity)
  SELECT b.id, s.side, s.location_id, s.quantity
  FROM boxes b
  JOIN orders o ON o.id = b.order_id
  CROSS JOIN LATERAL (SELECT coalesce(sum(c.quantity), 0)::int AS n FROM box_contents c WHERE c.box_id = b.id) q
  CROSS JOIN LATERAL (VALUES
    ('in', o.destination_location_id, q.n, o.type IN ('purchase', 'movement') AND b.destination_status IN (1, 2)),
    ('out', o.origin_location_id, -q.n, o.type IN ('movement', 'online') AND b.origin_status IN (1, 2))
  ) s(side, location_id, quantity, counts)
  WHERE s.counts AND s.location_id IS NOT NULL;
