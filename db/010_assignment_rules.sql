-- Owners on arrival: an admin's rules give a new inquiry its owner in the transaction that stores
-- it. Rules are tried in `position` order; the first enabled rule whose company sizes and budgets
-- match (an empty list matches any) takes the lead, round-robin over its members; no match leaves
-- the lead unassigned (the default, with no rules).
--
-- members: staff user ids, in turn order. A member who no longer exists or can no longer work on
-- leads is skipped when a lead arrives (an array cannot reference users).
-- turns: the round-robin cursor. A new lead takes turn `turns` and increments it in one UPDATE,
-- which locks the rule's row until the inquiry commits: leads arriving at once take turns one
-- after another, so no member gets two more than another.
CREATE TABLE assignment_rules (
  id             serial PRIMARY KEY,
  position       integer NOT NULL,
  name           text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  company_sizes  text[] NOT NULL DEFAULT '{}' CHECK (cardinality(company_sizes) <= 20),
  budgets        text[] NOT NULL DEFAULT '{}' CHECK (cardinality(budgets) <= 20),
  members        integer[] NOT NULL CHECK (cardinality(members) BETWEEN 1 AND 50),
  enabled        boolean NOT NULL DEFAULT true,
  turns          bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assignment_rules_position_idx ON assignment_rules (position, id);
