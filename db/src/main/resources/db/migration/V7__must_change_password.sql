-- First-run setup (issue 8): an account whose password was generated and printed in the log must choose its own
-- before the web app lets it do anything else. Set by the first-admin bootstrap only when it generated the password,
-- cleared in the transaction that changes the password.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
