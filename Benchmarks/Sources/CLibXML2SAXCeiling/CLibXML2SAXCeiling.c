#include "CLibXML2SAXCeiling.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
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

static void set_empty_handler(xmlSAXHandler *handler) {
    memset(handler, 0, sizeof *handler);
    handler->initialized = XML_SAX2_MAGIC;
    handler->startElementNs = empty_start_element_ns;
    handler->endElementNs = empty_end_element_ns;
    handler->characters = empty_characters;
    handler->cdataBlock = empty_characters;
    handler->error = empty_error;
    handler->warning = empty_error;
}

int sax_ceiling_parse(const char *buffer, size_t length) {
    if (length > INT_MAX) return -1;
    xmlSAXHandler handler;
    set_empty_handler(&handler);

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

int sax_ceiling_parse_file(const char *path, size_t chunk_size) {
    if (chunk_size == 0 || chunk_size > INT_MAX) return -1;
    FILE *file = fopen(path, "rb");
    if (file == NULL) return -1;
    char *chunk = malloc(chunk_size);
    if (chunk == NULL) {
        fclose(file);
        return -1;
    }
    xmlSAXHandler handler;
    set_empty_handler(&handler);
    xmlParserCtxtPtr context = xmlCreatePushParserCtxt(&handler, NULL, NULL, 0, path);
    int result = -1;
    if (context != NULL) {
        // XML_PARSE_HUGE: without it libxml2 stops pushed input long before 5 GB.
        xmlCtxtUseOptions(context, XML_PARSE_NONET | XML_PARSE_HUGE);
        size_t count;
        int status = 0;
        while (status == 0 && (count = fread(chunk, 1, chunk_size, file)) > 0) {
            status = xmlParseChunk(context, chunk, (int)count, 0);
        }
        if (status == 0 && !ferror(file)) status = xmlParseChunk(context, NULL, 0, 1);
        result = (status == 0 && context->wellFormed) ? 0 : (context->errNo != 0 ? context->errNo : -1);
        xmlFreeParserCtxt(context);
    }
    free(chunk);
    fclose(file);
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
