-- Issue 10: the operator's licence line, shown in the footer beside the 18+ mark (empty: none).
alter table merchants add column licence text not null default '';
