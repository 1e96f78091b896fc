#!/usr/bin/env bash
# Build the PyInstaller bundle from build.spec (into build/, never committed) and run its
# smoke test headlessly with SDL's dummy drivers. Exit status: non-zero when the build
# fails, the bundle is over the size budget, or its smoke fails.
#   .ci/bundle.sh [PYTHON]      (default: python3; CI passes the venv's python)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-${PYTHON:-python3}}
OUT=${BUNDLE_OUT:-build}
MAX_MB=${BUNDLE_MAX_MB:-80}

"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$OUT/dist" --workpath "$OUT/work" build.spec

BUNDLE="$OUT/dist/MesaDeHeroes"
EXE="$BUNDLE/MesaDeHeroes"
[ -x "$EXE" ] || EXE="$BUNDLE/MesaDeHeroes.exe"
[ -x "$EXE" ] || { echo "bundle: no executable in $BUNDLE" >&2; exit 1; }

size_mb=$(du -sm "$BUNDLE" | cut -f1)
echo "bundle: $BUNDLE is ${size_mb} MB (budget ${MAX_MB} MB)"
if [ "$size_mb" -gt "$MAX_MB" ]; then
    echo "bundle: over the size budget" >&2
    exit 1
fi
if find "$BUNDLE" -name 'NotoSans*JP*' -o -name 'NotoSans*KR*' -o -name 'NotoSans*SC*' | grep -q .; then
    echo "bundle: CJK fonts slipped into the bundle" >&2
    exit 1
fi

# the smoke: headless, its own user folders, result from the exit status and the log file
HOME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/mesa-bundle-smoke.XXXXXX")
trap 'rm -rf "$HOME_DIR"' EXIT
status=0
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy MESA_HOME="$HOME_DIR" \
    "$EXE" smoke --frames "${SMOKE_FRAMES:-30}" || status=$?
if [ -f "$HOME_DIR/log/mesa.log" ]; then
    grep -E "smoke: [0-9]|smoke failure" "$HOME_DIR/log/mesa.log" | tail -n 40 || true
fi
if [ "$status" -ne 0 ]; then
    echo "bundle: smoke failed (exit $status)" >&2
    exit "$status"
fi
echo "bundle: smoke ok"
