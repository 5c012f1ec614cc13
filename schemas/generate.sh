#!/usr/bin/env bash
# Regenerates schemas/generated/ from the hand-written schemas (flatc from Debian's flatbuffers-compiler).
# The generated TypeScript is the reference that wirebench's run-time FlatBuffers codec is checked
# and benchmarked against; it is committed so that neither needs flatc.
set -euo pipefail
cd "$(dirname "$0")"
command -v flatc >/dev/null || { echo "flatc not found: apt-get install flatbuffers-compiler" >&2; exit 1; }
rm -rf generated && mkdir -p generated
flatc --ts --ts-flat-files --gen-object-api -o generated canonical.fbs
# flatc 2.0.8's output predates today's flatbuffers typings; it is checked by the tests that use it, not by tsc.
sed -i '1i // @ts-nocheck' generated/canonical_generated.ts
echo "schemas/generated/: $(ls generated | tr '\n' ' ')(flatc $(flatc --version | awk '{print $3}'))"
