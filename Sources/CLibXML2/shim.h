#ifndef DOCQUERY_CLIBXML2_SHIM_H
#define DOCQUERY_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/entities.h>
#include <libxml/encoding.h>
#endif
