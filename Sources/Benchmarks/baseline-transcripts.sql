-- The C baseline for the transcripts section's first sync through the digest: the sqlite3 shell
-- reads the digest with SQLite's own JSON functions (json_each over the file) and loads every line
-- into a table indexed by FTS5 with wwdc's tokenizer, external content as wwdc's index is.
-- One row per line of the file (wwdc joins them into sentences first: fewer, longer rows).
-- Usage (a fresh database file each time):
--   sqlite3 NEW.db -cmd ".parameter set :digest PATH/TO/transcript-digest-eng.json" < baseline-transcripts.sql
create table transcripts(session_id text primary key, language text, line_count int) without rowid;
create table transcript_lines(id integer primary key, session_id text, position int, start real, text text);
create virtual table transcript_search using fts5(text, content = 'transcript_lines', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2');
begin;
create temp table doc as select readfile(:digest) j;
create temp table t as select key id, value v from json_each((select j from doc));
insert into transcripts select id, json_extract(v, '$.language'), json_array_length(v, '$.transcript') from t;
insert into transcript_lines(session_id, position, start, text)
  select t.id, l.key, json_extract(l.value, '$[0]'), json_extract(l.value, '$[1]') from t, json_each(t.v, '$.transcript') l;
insert into transcript_search(rowid, text) select id, text from transcript_lines;
commit;
