-- Runs once, when the PostgreSQL volume is first initialised.
-- Each service owns its own database; no service reads another's tables.
CREATE DATABASE identity;
CREATE DATABASE beneficiaries;
CREATE DATABASE finance;
