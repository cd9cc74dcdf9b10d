#include "CLibXML2SAXCeiling.h"

#include <limits.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlversion.h>

static void empty_start_element_ns(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                                   int namespace_count, const xmlChar **namespaces, int attribute_count,
                                   int defaulted_count, const xmlChar **attributes) {
    (void)ctx; (void)localname; (void)prefix; (void)uri; (void)namespace_count; (void)namespaces;
    (void)attribute_count; (void)defaulted_count; (void)attributes;
}

static void empty_end_element_ns(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)ctx; (void)localname; (void)prefix; (void)uri;
}

static void empty_characters(void *ctx, const xmlChar *text, int length) {
    (void)ctx; (void)text; (void)length;
}

static void empty_error(void *ctx, const char *message, ...) {
    (void)ctx; (void)message;
}

int sax_ceiling_parse(const char *buffer, size_t length) {
    if (length > INT_MAX) return -1;
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = empty_start_element_ns;
    handler.endElementNs = empty_end_element_ns;
    handler.characters = empty_characters;
    handler.cdataBlock = empty_characters;
    handler.error = empty_error;
    handler.warning = empty_error;

    xmlParserCtxtPtr context = xmlCreateMemoryParserCtxt(buffer, (int)length);
    if (context == NULL) return -1;
    // Replace the context's default (DOM-building) handler with ours.
    xmlSAXHandlerPtr original = context->sax;
    context->sax = &handler;
    context->userData = NULL;
    xmlCtxtUseOptions(context, XML_PARSE_NONET);
    xmlParseDocument(context);
    int result = context->wellFormed ? 0 : (context->errNo != 0 ? context->errNo : -1);
    context->sax = original;
    xmlFreeParserCtxt(context);
    return result;
}

void *libxml2_dom_parse(const char *buffer, size_t length) {
    if (length > INT_MAX) return NULL;
    return xmlReadMemory(buffer, (int)length, NULL, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
}

void libxml2_dom_free(void *document) {
    if (document != NULL) xmlFreeDoc((xmlDocPtr)document);
}

size_t libxml2_dom_child_attribute_walk(void *document, const char *element, const char *attribute,
                                        size_t *total_bytes) {
    size_t count = 0, bytes = 0;
    xmlNodePtr root = xmlDocGetRootElement((xmlDocPtr)document);
    if (root != NULL) {
        for (xmlNodePtr child = root->children; child != NULL; child = child->next) {
            if (child->type != XML_ELEMENT_NODE || strcmp((const char *)child->name, element) != 0) continue;
            for (xmlAttrPtr property = child->properties; property != NULL; property = property->next) {
                if (strcmp((const char *)property->name, attribute) != 0) continue;
                if (property->children != NULL && property->children->content != NULL) {
                    bytes += strlen((const char *)property->children->content);
                }
                count += 1;
                break;
            }
        }
    }
    if (total_bytes != NULL) *total_bytes = bytes;
    return count;
}

const char *libxml2_version_string(void) {
    return LIBXML_DOTTED_VERSION;
}
