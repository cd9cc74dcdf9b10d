// Tests for DocQuery arrive with the query language.
