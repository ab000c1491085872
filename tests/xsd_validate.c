/*
** xsd_validate.c -- validates XML documents against an XML Schema with
** libxml2 (xmlSchemaValidateDoc): the JUnit report test uses it with
** tests/schemas/JUnit.xsd.
**
** usage: xsd_validate SCHEMA.xsd DOC.xml...
** exit: 0 all valid, 1 a document is invalid, 2 usage or unreadable schema.
*/
#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
#include <stdio.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: xsd_validate SCHEMA.xsd DOC.xml...\n");
    return 2;
  }
  xmlSchemaParserCtxtPtr pc = xmlSchemaNewParserCtxt(argv[1]);
  xmlSchemaPtr schema = pc ? xmlSchemaParse(pc) : NULL;
  if (!schema) {
    fprintf(stderr, "xsd_validate: cannot read schema %s\n", argv[1]);
    xmlSchemaFreeParserCtxt(pc);
    return 2;
  }
  int rc = 0;
  for (int i = 2; i < argc; i++) {
    xmlDocPtr doc = xmlReadFile(argv[i], NULL, XML_PARSE_NONET);
    if (!doc) {
      fprintf(stderr, "%s: not well-formed XML\n", argv[i]);
      rc = 1;
      continue;
    }
    xmlSchemaValidCtxtPtr vc = xmlSchemaNewValidCtxt(schema);
    int v = vc ? xmlSchemaValidateDoc(vc, doc) : -1;
    if (v) {
      fprintf(stderr, "%s: fails to validate against %s\n", argv[i], argv[1]);
      rc = 1;
    } else {
      printf("%s validates\n", argv[i]);
    }
    xmlSchemaFreeValidCtxt(vc);
    xmlFreeDoc(doc);
  }
  xmlSchemaFree(schema);
  xmlSchemaFreeParserCtxt(pc);
  xmlCleanupParser();
  return rc;
}
