-- Custom SQL migration file, put your code below! --
-- The deposit's stored balance (docs/ledger.md): ledger accounts stay immutable except for their balance, which
-- postEntry moves with one conditional UPDATE per transaction (the overdraft check and the row lock in one
-- statement). The balance of every deposit account starts as the sum of its postings.
CREATE OR REPLACE FUNCTION "ledger_account_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.kind = 'deposit'
     AND NEW.id = OLD.id AND NEW.kind = OLD.kind AND NEW.agency_id IS NOT DISTINCT FROM OLD.agency_id
     AND NEW.code = OLD.code AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger rows are never changed: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_accounts_immutable" ON "ledger_accounts";
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_immutable" BEFORE UPDATE OR DELETE ON "ledger_accounts" FOR EACH ROW EXECUTE FUNCTION "ledger_account_refuse_change"();
--> statement-breakpoint
UPDATE "ledger_accounts" a SET "balance" = coalesce((SELECT sum(p."amount") FROM "postings" p WHERE p."account_id" = a."id"), 0) WHERE a."kind" = 'deposit';
--> statement-breakpoint
-- The agency's deposit account id, created on first use. Each statement of a plpgsql function sees the rows
-- committed before it, so an account created meanwhile by a concurrent transaction is found.
CREATE OR REPLACE FUNCTION "ledger_deposit_account"(agency integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  account integer;
BEGIN
  SELECT id INTO account FROM ledger_accounts WHERE agency_id = agency;
  IF account IS NULL THEN
    INSERT INTO ledger_accounts (kind, agency_id, code) VALUES ('deposit', agency, 'DEPOSIT-' || agency) ON CONFLICT DO NOTHING RETURNING id INTO account;
    IF account IS NULL THEN
      SELECT id INTO account FROM ledger_accounts WHERE agency_id = agency;
    END IF;
  END IF;
  RETURN account;
END;
$$;
