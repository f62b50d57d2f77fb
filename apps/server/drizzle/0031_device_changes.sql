-- Issue 30: every process keeps the readers it authenticated by key for a few seconds (no database read per single-event
-- POST). A change to what authenticates or places a reader tells them all at commit (NOTIFY devices_changed), and they
-- drop that cache. last_seen_at, firmware and LLRP settings are not in the list: a reader's heartbeat must not empty it.
CREATE OR REPLACE FUNCTION notify_devices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('devices_changed', TG_OP);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER devices_changed AFTER UPDATE OF company_id, location_id, area_id, serial_number, mac_address, working_mode,
  device_key_hash OR DELETE ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_devices_changed();
