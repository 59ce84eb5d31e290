-- Each campaign has a privacy notice beside its terms (issue #16), both rich text: the server
-- stores them sanitised (an allow-list of HTML, @promo/landing rich-text.ts) and sanitises them
-- again when a page shows them. Terms stored before as plain text stay as they are: they are shown
-- as paragraphs (docs/decisions/029).
ALTER TABLE campaigns ADD COLUMN privacy text;
