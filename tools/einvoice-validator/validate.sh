#!/bin/bash
# Validates a CII e-invoice (the XML of ZUGFeRD/Factur-X, or an XRechnung in CII syntax) the way
# German recipients' validators do, in three layers:
#   1. XSD    — the UN/CEFACT CII D16B schema (the subset EN 16931 uses)      [xmllint]
#   2. EN16931 — the European norm's business rules (BR-*, BR-CO-*, …)         [Saxon-HE]
#   3. XRechnung 3.0 — the German CIUS rules (BR-DE-*), only with --xrechnung   [Saxon-HE]
# Usage:  tools/einvoice-validator/validate.sh [--xrechnung] invoice.xml
# Prints every failed rule as "RULE-ID: message" and ends with "valid" or "invalid (N failed)".
# Exit 0 when valid, 1 when a rule fails, 2 when a tool is missing or the file cannot be read.
# Needs (Debian): libxml2-utils, libsaxonhe-java, a Java runtime (default-jre-headless).
# Sources: ConnectingEurope/eInvoicing-EN16931 (EUPL 1.2; validation 1.3.16 artefacts),
# itplr-kosit/xrechnung-schematron (Apache 2.0; XRechnung 3.0 rules, compiled to XSLT with schxslt).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
xr=0
if [ "${1:-}" = "--xrechnung" ]; then xr=1; shift; fi
file=${1:-}
[ -n "$file" ] && [ -r "$file" ] || { echo "usage: validate.sh [--xrechnung] invoice.xml" >&2; exit 2; }
saxon=/usr/share/java/Saxon-HE.jar
command -v xmllint >/dev/null || { echo "xmllint missing: apt-get install -y libxml2-utils" >&2; exit 2; }
command -v java >/dev/null || { echo "java missing: apt-get install -y default-jre-headless" >&2; exit 2; }
[ -r "$saxon" ] || { echo "Saxon-HE missing: apt-get install -y libsaxonhe-java" >&2; exit 2; }

failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! xmllint --noout --schema "$here/xsd/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd" "$file" 2>"$tmp/xsd"; then
  sed 's/^/XSD: /' "$tmp/xsd" | grep -v ' fails to validate$'
  failed=$((failed + $(grep -vc ' fails to validate$' "$tmp/xsd")))
fi

# Failed asserts of an SVRL report as "ID: text", one a line.
report() {
  java -jar "$saxon" -s:"$tmp/$1.svrl" -xsl:/dev/stdin <<'XSL'
<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:svrl="http://purl.oclc.org/dsdl/svrl">
  <xsl:output method="text"/>
  <xsl:template match="/">
    <xsl:for-each select="//svrl:failed-assert[not(@flag) or @flag = ('fatal', 'error')]">
      <xsl:value-of select="concat(@id, ': ', normalize-space(svrl:text), '&#10;')"/>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
XSL
}

run_rules() {
  local name=$1 xsl=$2
  if ! java -jar "$saxon" -s:"$file" -xsl:"$xsl" -o:"$tmp/$name.svrl" 2>"$tmp/$name.err"; then
    echo "$name: the rules could not be run:"; cat "$tmp/$name.err"; failed=$((failed + 1)); return
  fi
  report "$name" > "$tmp/$name.txt"
  if [ -s "$tmp/$name.txt" ]; then
    cat "$tmp/$name.txt"
    failed=$((failed + $(wc -l < "$tmp/$name.txt")))
  fi
}

run_rules en16931 "$here/en16931/EN16931-CII-validation.xslt"
[ $xr = 1 ] && run_rules xrechnung "$here/xrechnung/XRechnung-CII-validation.xsl"

if [ $failed -eq 0 ]; then echo "valid"; exit 0; fi
echo "invalid ($failed failed)"
exit 1
