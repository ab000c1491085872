#!/usr/bin/env python3
"""validate_json.py [--schema report|fix] FILE... -- validates ksv JSON
documents with python3-jsonschema (scripts/deps.sh installs it for the
tests): `ksv check --format json` reports against docs/report.schema.json
(--schema report, the default), `ksv fix --format json` documents against
docs/fix-report.schema.json (--schema fix, which takes its rule names
from the report schema).  FILE "-" is standard input.  Exit 0 when every
file is valid, 1 when one is not (each violation printed with its path in
the document), 77 when jsonschema is missing.
"""
import json
import os
import sys

DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'docs')
SCHEMAS = {'report': 'report.schema.json', 'fix': 'fix-report.schema.json'}


def load(name):
    with open(os.path.join(DOCS, SCHEMAS[name])) as f:
        return json.load(f)


def validator_of(jsonschema, name):
    """A validator for schema NAME that resolves the other ksv schemas by
    their $id (the fix schema refers to the report schema's rules)."""
    schema = load(name)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    others = [load(n) for n in SCHEMAS]
    try:
        import referencing
        import referencing.jsonschema
        spec = referencing.jsonschema.specification_with(schema['$schema'])
        reg = referencing.Registry().with_resources(
            (o['$id'], referencing.Resource.from_contents(
                o, default_specification=spec)) for o in others)
        return cls(schema, registry=reg)
    except ImportError:  # jsonschema before 4.18
        store = {o['$id']: o for o in others}
        return cls(schema, resolver=jsonschema.RefResolver.from_schema(
            schema, store=store))


def main(argv):
    try:
        import jsonschema
    except ImportError:
        print('SKIP: python3-jsonschema is not installed (scripts/deps.sh '
              'installs it with KSV_TEST=1)')
        return 77
    name = 'report'
    if argv[:1] == ['--schema'] and len(argv) > 1 and argv[1] in SCHEMAS:
        name, argv = argv[1], argv[2:]
    elif argv[:1] == ['--schema']:
        print('usage: validate_json.py [--schema report|fix] FILE...')
        return 2
    validator = validator_of(jsonschema, name)
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
        print('usage: validate_json.py [--schema report|fix] FILE...')
        return 2
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
