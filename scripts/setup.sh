#!/bin/sh
# Brings a fresh machine that has only Node.js and npm to the point where the product runs:
# Bun (through npm), the locked dependencies and, with --test, the browser, PDF, e-invoice and
# PostgreSQL client tools.
set -e
BUN_VERSION=1.4.4
cd "$(dirname "$0")/.."

if ! command -v bun >/dev/null 2>&1 || [ "$(bun --version)" != "$BUN_VERSION" ]; then
  echo "Installiere Bun $BUN_VERSION über npm ..."
  npm install --global "bun@$BUN_VERSION"
fi

bun install --frozen-lockfile

if [ "${1:-}" = "--test" ]; then
  missing=""
  [ -x /usr/bin/chromium ] || missing="$missing chromium"
  command -v pdftotext >/dev/null 2>&1 || missing="$missing poppler-utils"
  # The e-invoice validator (tools/einvoice-validator/validate.sh) the invoice tests run.
  command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"
  [ -r /usr/share/java/Saxon-HE.jar ] || missing="$missing libsaxonhe-java"
  command -v java >/dev/null 2>&1 || missing="$missing default-jre-headless"
  # pg_dump and pg_restore: `bun run backup` and `restore` with a database server (and their tests).
  command -v pg_dump >/dev/null 2>&1 || missing="$missing postgresql-client"
  if [ -n "$missing" ]; then
    if [ "$(id -u)" = "0" ]; then
      apt-get update
      DEBIAN_FRONTEND=noninteractive apt-get install -y $missing
    else
      echo "Für die Browser- und PDF-Tests fehlt:$missing. Bitte installieren: sudo apt-get install -y$missing" >&2
      exit 1
    fi
  fi
fi
