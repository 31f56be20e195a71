-- The file area: a tree of folders (root level: parent_id null) and files in it. The bytes of a
-- file live in the blob store (DATA_DIR/blobs/<blob_id>), never under the name the user gave it.
create table folders (
  id bigint generated always as identity primary key,
  name text not null,
  parent_id bigint references folders (id),
  created_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  constraint folders_name_length check (char_length(name) between 1 and 255)
);

-- Names are unique within their parent regardless of case ("Rechnungen" and "rechnungen" would be
-- told apart by no one); nulls not distinct makes the root level one parent too.
create unique index folders_parent_name_key on folders (parent_id, lower(name)) nulls not distinct;

create table files (
  id bigint generated always as identity primary key,
  folder_id bigint references folders (id),
  original_name text not null,
  mime_type text not null,
  size bigint not null check (size >= 0),
  blob_id text not null unique check (blob_id ~ '^[0-9a-f]{32}$'),
  uploaded_by bigint references users (id) on delete set null,
  -- Kept with the file: the list still says who uploaded it after the account is gone.
  uploader_name text not null,
  created_at timestamptz not null default now()
);

-- A folder's files, newest first (root files: folder_id null).
create index files_folder_idx on files (folder_id, created_at desc, id desc);
