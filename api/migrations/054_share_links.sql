-- Share links (decision 0096): a file or a folder of the file area opened by a client without an
-- account, at /s/<token>. Only the token's SHA-256 is kept (as session tokens, decision 0003): a
-- copy of the database opens no link. The link's target goes to null when its file is deleted
-- (the link then answers 410); `target_name` keeps what the list shows.
create table share_links (
  id bigint generated always as identity primary key,
  token_sha256 text not null unique check (token_sha256 ~ '^[0-9a-f]{64}$'),
  target_kind text not null check (target_kind in ('file', 'folder')),
  file_id bigint references files (id) on delete set null,
  folder_id bigint references folders (id) on delete set null,
  target_name text not null,
  label text not null default '' check (char_length(label) <= 200),
  created_by bigint references users (id) on delete set null,
  created_by_name text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Bun.password (argon2id), as account passwords; null: no password.
  password_hash text,
  download_limit integer check (download_limit between 1 and 10000),
  -- Reserved in one statement before the bytes go out, so never more than the limit.
  downloads integer not null default 0,
  failed_passwords integer not null default 0,
  locked_at timestamptz,
  revoked_at timestamptz,
  first_opened_at timestamptz,
  last_access_at timestamptz,
  constraint share_links_target check (
    (target_kind = 'file' and folder_id is null) or (target_kind = 'folder' and file_id is null)
  ),
  constraint share_links_within_limit check (download_limit is null or downloads <= download_limit)
);

-- „Meine Freigaben“: one user's links, newest first; the admins' list reads all by created_at.
create index share_links_created_by_idx on share_links (created_by, created_at desc, id desc);
create index share_links_created_at_idx on share_links (created_at desc, id desc);
create index share_links_file_idx on share_links (file_id) where file_id is not null;
create index share_links_folder_idx on share_links (folder_id) where folder_id is not null;

-- What the sharer sees of each access: when, what, and the client coarsely (the network, an IPv4
-- /24 or IPv6 /64, and the browser family), never a whole address or user agent. Goes with its link.
create table share_link_accesses (
  id bigint generated always as identity primary key,
  link_id bigint not null references share_links (id) on delete cascade,
  at timestamptz not null default now(),
  kind text not null check (kind in ('opened', 'downloaded', 'zip_downloaded', 'password_failed')),
  file_name text,
  network text not null,
  client text not null
);

create index share_link_accesses_link_idx on share_link_accesses (link_id, at desc, id desc);
