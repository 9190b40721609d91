#!/usr/bin/env python3
"""Validates a FHIR R4 Bundle with fhir.resources (an independent implementation of the R4 4.0.1 models).

usage: validate_fhir.py BUNDLE.json
Prints 'valid: N resources (FHIR 4.0.1)' and exits 0, or prints each error and exits 1.
"""
import json
import sys

import fhir.resources
from fhir.resources import construct_fhir_element
from fhir.resources.bundle import Bundle


def main(path):
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    errors = []
    try:
        Bundle.parse_obj(document)
    except Exception as error:  # pydantic.ValidationError
        errors.append(f"Bundle: {error}")
    for index, entry in enumerate(document.get("entry", [])):
        resource = entry.get("resource", {})
        try:
            construct_fhir_element(resource["resourceType"], resource)
        except Exception as error:
            errors.append(f"entry {index} ({resource.get('resourceType')}/{resource.get('id')}): {error}")
    if errors:
        print("\n".join(errors))
        return 1
    print(f"valid: {len(document.get('entry', []))} resources (FHIR {fhir.resources.__fhir_version__})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
