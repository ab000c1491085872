#!/usr/bin/env python3
"""validate_json.py FILE... -- validates ksv JSON reports (`ksv check
--format json`) against docs/report.schema.json with python3-jsonschema
(scripts/deps.sh installs it for the tests).  FILE "-" is standard input.
Exit 0 when every file is valid, 1 when one is not (each violation
printed with its path in the document), 77 when jsonschema is missing.
"""
import json
import os
import sys

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..',
                      'docs', 'report.schema.json')


def main(argv):
    try:
        import jsonschema
    except ImportError:
        print('SKIP: python3-jsonschema is not installed (scripts/deps.sh '
              'installs it with KSV_TEST=1)')
        return 77
    with open(SCHEMA) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    bad = 0
    for fn in argv:
        try:
            doc = json.load(sys.stdin if fn == '-' else open(fn))
        except (OSError, ValueError) as e:
            print('FAIL: %s: not JSON: %s' % (fn, e))
            bad += 1
            continue
        errs = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errs[:10]:
            where = '/'.join(str(p) for p in e.absolute_path)
            print('FAIL: %s: /%s: %s' % (fn, where, e.message))
        bad += bool(errs)
    if not argv:
        print('usage: validate_json.py FILE...')
        return 2
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
