@_exported import DocTree
