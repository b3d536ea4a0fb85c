#!/bin/sh
# Runs a command with Node.js 22+ first on PATH. When the machine's node is older,
# installs node@22 from the npm registry into .tools/node22 (once) and uses that.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 22 ]; then
  local_bin="$root/.tools/node22/node_modules/.bin"
  if [ ! -x "$local_bin/node" ]; then
    echo "node $(node -v 2>/dev/null || echo missing) is older than 22: installing node@22 into .tools/node22" >&2
    npm install --silent --no-save --prefix "$root/.tools/node22" node@22 >&2
  fi
  PATH="$local_bin:$PATH"
  export PATH
fi
exec "$@"
