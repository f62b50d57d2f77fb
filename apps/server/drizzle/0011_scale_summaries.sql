-- Per-area stock kept by triggers on items (tables in 0010; docs in src/db/schema/inventory.ts, areaStock).
-- Every statement on items appends its net change of STOCKED items per (area, GTIN) to area_stock_changes
-- (an insert: writers never wait for each other); the statement that gets the fold lock (one transaction
-- at a time, until it ends) moves the pending changes into area_stock. area_stock_now adds both.
CREATE FUNCTION "area_stock_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7302, 0) THEN
    RETURN;
  END IF;
  WITH moved AS (
    DELETE FROM area_stock_changes RETURNING area_id, item_type_id, delta
  ), sums AS (
    SELECT area_id, item_type_id, sum(delta)::int AS quantity FROM moved GROUP BY area_id, item_type_id
  )
  INSERT INTO area_stock AS s (area_id, item_type_id, quantity)
  SELECT area_id, item_type_id, quantity FROM sums WHERE quantity <> 0
  ORDER BY area_id, item_type_id NULLS FIRST
  ON CONFLICT (area_id, item_type_id) DO UPDATE SET quantity = s.quantity + excluded.quantity;
END
$$;--> statement-breakpoint
CREATE FUNCTION "items_area_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- State 0 is STOCKED (ItemState.Stocked in packages/contract).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO area_stock_changes (area_id, item_type_id, delta)
    SELECT area_id, item_type_id, count(*)::int FROM new_rows
    WHERE state = 0 AND area_id IS NOT NULL GROUP BY area_id, item_type_id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO area_stock_changes (area_id, item_type_id, delta)
    SELECT area_id, item_type_id, sum(d)::int FROM (
      SELECT area_id, item_type_id, -1 AS d FROM old_rows WHERE state = 0 AND area_id IS NOT NULL
      UNION ALL
      SELECT area_id, item_type_id, 1 FROM new_rows WHERE state = 0 AND area_id IS NOT NULL
    ) x GROUP BY area_id, item_type_id HAVING sum(d) <> 0;
  ELSE
    INSERT INTO area_stock_changes (area_id, item_type_id, delta)
    SELECT area_id, item_type_id, -count(*)::int FROM old_rows
    WHERE state = 0 AND area_id IS NOT NULL GROUP BY area_id, item_type_id;
  END IF;
  PERFORM area_stock_fold();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_area_stock_insert" AFTER INSERT ON "items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "items_area_stock"();--> statement-breakpoint
CREATE TRIGGER "items_area_stock_update" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "items_area_stock"();--> statement-breakpoint
CREATE TRIGGER "items_area_stock_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "items_area_stock"();--> statement-breakpoint
CREATE VIEW "area_stock_now" AS
  SELECT area_id, item_type_id, sum(quantity)::int AS quantity FROM (
    SELECT area_id, item_type_id, quantity FROM area_stock
    UNION ALL
    SELECT area_id, item_type_id, delta FROM area_stock_changes
  ) s GROUP BY area_id, item_type_id;--> statement-breakpoint
INSERT INTO "area_stock" (area_id, item_type_id, quantity)
  SELECT area_id, item_type_id, count(*)::int FROM items
  WHERE state = 0 AND area_id IS NOT NULL GROUP BY area_id, item_type_id;--> statement-breakpoint
-- Per-GTIN counts of the inventories already there (the engine keeps them from now on).
INSERT INTO "inventory_type_counts" (inventory_id, item_type_id, expected, read, matched)
  SELECT inventory_id, item_type_id, sum(expected)::int, sum(read)::int, sum(matched)::int FROM (
    SELECT inventory_id, item_type_id, count(*) AS expected, 0 AS read, 0 AS matched
    FROM inventory_expected_items WHERE item_type_id IS NOT NULL GROUP BY inventory_id, item_type_id
    UNION ALL
    SELECT r.inventory_id, r.item_type_id, 0, count(*), count(e.item_id)
    FROM inventory_read_items r
    LEFT JOIN inventory_expected_items e ON e.inventory_id = r.inventory_id AND e.item_id = r.item_id
    WHERE r.item_type_id IS NOT NULL GROUP BY r.inventory_id, r.item_type_id
  ) x GROUP BY inventory_id, item_type_id;
