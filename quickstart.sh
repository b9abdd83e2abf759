#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# quickstart.sh examples|check: set up a Debian machine, build cudajit in
# this tree, and run the examples (examples) or the testsuite (check).
#
# It installs the Debian packages that are missing (with sudo unless run as
# root), runs autoreconf and configure if they have not been run, then make
# and make run-examples or make check.  CC chooses the GCC (default gcc),
# whose plugin headers and g++ it installs; CONFIGURE_FLAGS are configure's
# options, e.g. CONFIGURE_FLAGS='--enable-werror'.
set -euo pipefail

usage() {
  echo "usage: $0 examples|check" >&2
  echo "  examples  build, then run the examples and say which backend ran" >&2
  echo "  check     build, then run the testsuite (make check)" >&2
  exit 2
}

[ $# -eq 1 ] || usage
case $1 in
  examples) target=run-examples ;;
  check) target=check ;;
  -h | --help) usage ;;
  *) usage ;;
esac

cd "$(dirname "$0")"

# apt-get install PACKAGE... for those not installed yet.
install_missing() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
      missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "quickstart: installing ${missing[*]}"
  local sudo=
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then
      sudo=sudo
    else
      echo "quickstart: as root, run: apt-get install ${missing[*]}" >&2
      exit 1
    fi
  fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
}

if command -v dpkg-query >/dev/null; then
  install_missing build-essential autoconf automake libtool pkg-config dejagnu \
    texinfo
  # The plugin headers and the g++ of the GCC that will load the plugin.
  cc=${CC:-gcc}
  major=$($cc -dumpversion | sed 's/\..*//')
  install_missing "gcc-$major-plugin-dev" "g++-$major"
  # The testsuite checks the plugin against csmith's random programs, and
  # against GCC's own execute tests, from that GCC's source tarball.
  if [ "$target" = check ]; then
    install_missing csmith python3 "gcc-$major-source"
  fi
else
  echo "quickstart: not Debian; install by hand what configure asks for" >&2
fi

[ -x configure ] || autoreconf -fi
# shellcheck disable=SC2086
[ -f config.status ] || ./configure ${CONFIGURE_FLAGS:-}
jobs=$(nproc 2>/dev/null || echo 2)
make -j"$jobs"
make "$target"
