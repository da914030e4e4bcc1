#!/usr/bin/env python3
"""Validates JSON Lines against a JSON Schema: validate-jsonl.py SCHEMA < LINES.

Prints one line per invalid line (`line N: message`) and exits 1 if any; exits 0 when every
line is a JSON value that the schema accepts. Used by the tests of `scenesim run --trace jsonl`
(Debian's python3-jsonschema, installed by scripts/bootstrap.sh).
"""
import json
import sys

import jsonschema


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    failures = 0
    for number, line in enumerate(sys.stdin.buffer, start=1):
        try:
            value = json.loads(line)
        except ValueError as error:
            print(f"line {number}: not JSON: {error}: {line[:80]!r}")
            failures += 1
            continue
        errors = sorted(validator.iter_errors(value), key=lambda e: list(e.path))
        if errors:
            best = jsonschema.exceptions.best_match(errors)
            print(f"line {number}: {best.message} in {line[:200]!r}")
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
