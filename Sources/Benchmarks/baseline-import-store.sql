-- The import benchmark's second anchor: the sqlite3 shell storing what wwdc's store holds for the
-- same contents.json, with SQLite's JSON functions. Beside the shared baseline's tables it writes the
-- rows wwdc keeps in tables of their own (a session's time and room, its video, its pictures, the
-- resources and the resources each session links to), the two secondary indexes wwdc keeps on
-- them, and the full-text index of titles, descriptions and keywords (FTS5, the same tokenizer, its
-- text read from the tables through a view as wwdc's is). Rows refer to a session by its number.
-- The shell keeps its own defaults otherwise (rollback journal, 4 KiB pages, no foreign keys).
-- Usage (a fresh database file each time):
--   sqlite3 NEW.db -cmd ".parameter set :feed PATH/TO/contents.json" < baseline-import-store.sql
create table events(id text primary key, name text, start_time text, end_time text);
create table rooms(id integer primary key, name text);
create table tracks(id integer primary key, name text);
create table resources(id integer primary key, title text, url text, type text, description text);
create table sessions(sid integer primary key, id text not null unique, event_id text, event_content_id int,
  static_content_id int, title text, description text, type text, track_id int, web text);
create index sessions_by_event on sessions(event_id, event_content_id);
create table instances(sid integer primary key, start_time text, end_time text, room_id int, track_id int);
create index instances_by_start on instances(start_time);
create table videos(sid integer primary key, hls text, hd text, sd text, slides text, duration int);
create table session_keywords(sid int, position int, keyword text, primary key(sid, position)) without rowid;
create table session_platforms(sid int, position int, platform text, primary key(sid, position)) without rowid;
create table session_related(sid int, position int, related_id text, primary key(sid, position)) without rowid;
create table session_resources(sid int, position int, resource_id int, primary key(sid, position)) without rowid;
create table session_images(sid int, position int, kind text, primary key(sid, position)) without rowid;
create view session_search_source as select s.sid as sid, s.title as title, s.description as description,
  (select group_concat(k.keyword, ' ') from session_keywords k where k.sid = s.sid) as keywords from sessions s;
create virtual table session_search using fts5(title, description, keywords, content = 'session_search_source',
  content_rowid = 'sid', tokenize = 'unicode61 remove_diacritics 2');
begin;
create temp table doc as select readfile(:feed) j;
insert into events select json_extract(value, '$.id'), json_extract(value, '$.name'), json_extract(value, '$.startTime'),
  json_extract(value, '$.endTime') from json_each((select j from doc), '$.events');
insert into rooms select json_extract(value, '$.id'), json_extract(value, '$.name') from json_each((select j from doc), '$.rooms');
insert into tracks select json_extract(value, '$.id'), json_extract(value, '$.name') from json_each((select j from doc), '$.tracks');
insert into resources select json_extract(value, '$.id'), json_extract(value, '$.title'), json_extract(value, '$.url'),
  json_extract(value, '$.resource_type'), json_extract(value, '$.description') from json_each((select j from doc), '$.resources');
-- Sessions are numbered in feed order, as wwdc's rowids are; the other rows refer to that number.
create temp table c as select rowid n, value v from json_each((select j from doc), '$.contents');
insert into sessions select n, json_extract(v, '$.id'), json_extract(v, '$.eventId'), json_extract(v, '$.eventContentId'),
  json_extract(v, '$.staticContentId'), json_extract(v, '$.title'), json_extract(v, '$.description'), json_extract(v, '$.type'),
  json_extract(v, '$.trackId'), json_extract(v, '$.webPermalink') from c;
insert into instances select n, json_extract(v, '$.startTime'), json_extract(v, '$.endTime'),
  json_extract(v, '$.roomId'), json_extract(v, '$.trackId') from c where json_extract(v, '$.startTime') is not null;
insert into videos select n, json_extract(v, '$.media.hls'), json_extract(v, '$.media.downloadHD'),
  json_extract(v, '$.media.downloadSD'), json_extract(v, '$.media.slides'), json_extract(v, '$.media.duration')
  from c where json_type(v, '$.media') = 'object';
insert into session_keywords select n, l.key, l.value from c, json_each(v, '$.keywords') l;
insert into session_platforms select n, l.key, l.value from c, json_each(v, '$.platforms') l;
insert into session_related select n, l.key, l.value from c, json_each(v, '$.related.activities') l;
insert into session_resources select n, l.key, l.value from c, json_each(v, '$.related.resources') l;
insert into session_images select n, l.key, l.value from c, json_each(v, '$.images') l;
insert into session_search(session_search) values ('rebuild');
commit;
