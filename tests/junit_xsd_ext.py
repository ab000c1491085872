#!/usr/bin/env python3
"""junit_xsd_ext.py ANT_XSD OUT_XSD REPORT STRIPPED -- the two readings of
a ksv JUnit report that tests/junit_test.sh validates.

OUT_XSD: the Apache Ant JUnit schema (windyroad/JUnit-Schema) extended by
exactly what ksv writes beyond it and the Jenkins and GitLab readers take
(docs/ci.md, "JUnit"): optional `file` (string) and `line` (positive
integer) attributes on <testcase>, and an optional <system-out> inside a
<testcase> after its result.  STRIPPED: REPORT without those extensions,
for the unmodified Ant schema.
"""
import sys
import xml.etree.ElementTree as ET

XS = 'http://www.w3.org/2001/XMLSchema'
ET.register_namespace('xs', XS)


def q(tag):
    return '{%s}%s' % (XS, tag)


def extend(src, dst):
    tree = ET.parse(src)
    tc = [e for e in tree.iter(q('element')) if e.get('name') == 'testcase']
    assert len(tc) == 1, 'no single testcase element in %s' % src
    ct = tc[0].find(q('complexType'))
    choice = ct.find(q('choice'))
    assert choice is not None, 'testcase has no choice of results'
    idx = list(ct).index(choice)
    ct.remove(choice)
    seq = ET.Element(q('sequence'))
    seq.append(choice)
    out = ET.SubElement(seq, q('element'), name='system-out', minOccurs='0')
    ET.SubElement(out, q('simpleType')).append(
        ET.Element(q('restriction'), base='pre-string'))
    ct.insert(idx, seq)
    ct.append(ET.Element(q('attribute'), name='file', type='xs:string'))
    ct.append(ET.Element(q('attribute'), name='line',
                         type='xs:positiveInteger'))
    tree.write(dst, xml_declaration=True, encoding='UTF-8')


def strip(src, dst):
    tree = ET.parse(src)
    for tc in tree.iter('testcase'):
        for a in ('file', 'line'):
            tc.attrib.pop(a, None)
        for so in tc.findall('system-out'):
            tc.remove(so)
    tree.write(dst, xml_declaration=True, encoding='UTF-8')


if __name__ == '__main__':
    extend(sys.argv[1], sys.argv[2])
    strip(sys.argv[3], sys.argv[4])
