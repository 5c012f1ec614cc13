#!/usr/bin/env bash
# Regenerates schemas/generated/ from the hand-written schemas (flatc from Debian's flatbuffers-compiler).
# The generated TypeScript is the reference that wirebench's run-time FlatBuffers codec is checked
# and benchmarked against; it is committed so that neither needs flatc.
set -euo pipefail
cd "$(dirname "$0")"
command -v flatc >/dev/null || { echo "flatc not found: apt-get install flatbuffers-compiler" >&2; exit 1; }
rm -rf generated && mkdir -p generated
flatc --ts --ts-flat-files --gen-object-api -o generated canonical.fbs
echo "schemas/generated/: $(ls generated | tr '\n' ' ')(flatc $(flatc --version | awk '{print $3}'))"
