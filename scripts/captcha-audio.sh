#!/usr/bin/env bash
# Regenerates the spoken digit clips of the audio captcha (gateway/auth/captcha-audio/<lang>/<digit>.wav):
# espeak-ng speaks each digit, sox trims the silence around it and writes 8 kHz mono 16-bit PCM.
# Needs espeak-ng and sox (Debian packages of the same names). The gateway only reads the clips.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/gateway/auth/captcha-audio"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
declare -A words
words[vi]="không một hai ba bốn năm sáu bảy tám chín"
words[en]="zero one two three four five six seven eight nine"
for lang in vi en; do
  mkdir -p "$out/$lang"
  read -r -a list <<<"${words[$lang]}"
  for d in 0 1 2 3 4 5 6 7 8 9; do
    espeak-ng -v "$lang" -s 140 -w "$tmp/raw.wav" "${list[$d]}"
    sox "$tmp/raw.wav" -r 8000 -c 1 -b 16 -e signed-integer "$out/$lang/$d.wav" \
      silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse norm -3
  done
done
