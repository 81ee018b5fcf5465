#!/usr/bin/env bash
# Follows README.md's "Test your own behaviour" literally: every file of the section (a
# code block directly after a line holding only its path in backticks) is written into an
# empty temporary folder, with the dependency's path ("../scrollscript") set to this
# repository; then `swift test` and the section's command must pass, and with one
# expectation of the scenario changed `swift test` must fail naming that .scroll file and
# line. Run by .ci/run (a package build: minutes, so not a unit test).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/readme-package.XXXXXX")"
trap 'rm -rf "$work"' EXIT
dir="$work/fade"
mkdir -p "$dir"

python3 - "$repo/README.md" "$dir" "$repo" <<'PY'
import os, re, sys
readme, out, repo = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(readme, encoding="utf-8").read()
start = text.index("\n## Test your own behaviour\n")
end = text.find("\n## ", start + 1)
lines = text[start:end if end >= 0 else len(text)].split("\n")
files = {}
i = 0
while i < len(lines):
    m = re.fullmatch(r"`([^`\s]+)`", lines[i])
    if m and i + 1 < len(lines) and lines[i + 1].startswith("```"):
        j = i + 2
        body = []
        while lines[j] != "```":
            body.append(lines[j])
            j += 1
        files[m.group(1)] = "\n".join(body) + "\n"
        i = j
    i += 1
need = ["Package.swift", "Sources/Fade/Fade.swift", "Sources/fade-scrollscript/main.swift",
        "scenarios/fade.scroll", "Tests/FadeTests/FadeTests.swift"]
missing = [f for f in need if f not in files]
if missing:
    sys.exit("README section lacks " + ", ".join(missing))
if files["Package.swift"].count('path: "../scrollscript"') != 1:
    sys.exit('README Package.swift: expected one dependency path: "../scrollscript"')
files["Package.swift"] = files["Package.swift"].replace('path: "../scrollscript"', 'path: "%s"' % repo)
for path, body in files.items():
    full = os.path.join(out, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    open(full, "w", encoding="utf-8").write(body)
print("readme-package: wrote " + ", ".join(sorted(files)))
PY

cd "$dir"
swift build
swift test
swift run fade-scrollscript run scenarios/fade.scroll

# A changed expectation: `swift test` fails, naming the scenario file and that line.
line="$(grep -n 'expect fade.alpha ~= 0.5' scenarios/fade.scroll | cut -d: -f1)"
[ -n "$line" ] || { echo "readme-package: the scenario has no 'expect fade.alpha ~= 0.5'"; exit 1; }
sed -i "${line}s/~= 0.5/~= 0.4/" scenarios/fade.scroll
if swift test > "$work/changed.log" 2>&1; then
  cat "$work/changed.log"
  echo "readme-package: swift test passed with a changed expectation"
  exit 1
fi
if ! grep -q "scenarios/fade.scroll:$line" "$work/changed.log"; then
  cat "$work/changed.log"
  echo "readme-package: the failure does not name scenarios/fade.scroll:$line"
  exit 1
fi
grep "scenarios/fade.scroll:$line" "$work/changed.log" | head -1
echo "readme-package: ok (passes as written; a changed expectation fails at scenarios/fade.scroll:$line)"
