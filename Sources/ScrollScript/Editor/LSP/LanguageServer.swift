// `scrollscript lsp`: the Language Server Protocol core. Message bodies in, messages out;
// no I/O here (the executable reads and writes the stdio stream, see LSPCommand.swift), so
// tests drive it directly. What it serves: diagnostics from the checker, completion,
// hover, formatting and document symbols (LSPFeatures.swift).

/// JSON-RPC 2.0 and LSP error codes.
public enum LSPErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
}

/// A request that cannot be answered with a result.
public struct LSPError: Error, Equatable, Sendable {
    public var code: Int
    public var message: String

    public init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
    }
}

public final class LanguageServer {
    private enum State {
        case uninitialized, running, shutDown
    }

    private var state = State.uninitialized
    /// Open documents by URI (lookup only, never iterated).
    private var documents: [String: TextDocument] = [:]
    /// The syntax tree of each open document's current text, kept from its check (for
    /// completion's configuration and the outline). Lookup only, never iterated.
    var programs: [String: Program] = [:]
    /// Set by the `exit` notification: 0 after a `shutdown`, else 1 (as LSP says).
    public private(set) var exitCode: Int32?
    /// Where the server logs (the executable: standard error). Never standard output.
    public var log: (String) -> Void
    /// The words and names of the registered behaviours (while a request about a document
    /// runs, with the behaviours it declares and imports: `withDeclarations`).
    var lexicon: Lexicon
    var registry: BehaviourRegistry { lexicon.registry }

    /// A server for scenarios that use `registry`'s behaviours.
    public init(registry: BehaviourRegistry = .builtIn, log: @escaping (String) -> Void = { _ in }) {
        self.log = log
        lexicon = Lexicon.of(registry)
    }

    /// The capabilities `initialize` answers with.
    public static let capabilities: JSONValue = [
        "positionEncoding": "utf-16",
        "textDocumentSync": ["openClose": true, "change": 1],
        "completionProvider": ["triggerCharacters": [".", "[", ",", " ", "="], "resolveProvider": false],
        "hoverProvider": true,
        "definitionProvider": true,
        "documentFormattingProvider": true,
        "documentSymbolProvider": true,
        "codeActionProvider": ["codeActionKinds": ["quickfix"]],
    ]

    /// Handles one message body; returns the messages to send (responses, notifications).
    public func handle(_ body: [UInt8]) -> [JSONValue] {
        let message: JSONValue
        do {
            message = try JSONValue.parse(body)
        } catch {
            log("scrollscript lsp: a message is not JSON (\(body.count) bytes)")
            return [errorResponse(id: .null, LSPError(LSPErrorCode.parseError, "parse error: the message is not valid JSON"))]
        }
        return handle(message)
    }

    /// A framing problem (bad header, message too large): one error response with no id.
    public func framingError(_ problem: String) -> [JSONValue] {
        log("scrollscript lsp: \(problem)")
        return [errorResponse(id: .null, LSPError(LSPErrorCode.parseError, problem))]
    }

    /// Handles one parsed message.
    public func handle(_ message: JSONValue) -> [JSONValue] {
        guard message.isObject else {
            return [errorResponse(id: .null, LSPError(LSPErrorCode.invalidRequest, "invalid request: a message must be a JSON object"))]
        }
        let id = message["id"]
        if let id {
            switch id {
            case .int, .string: break
            case .double where id.intValue != nil: break
            default:
                return [errorResponse(id: .null, LSPError(LSPErrorCode.invalidRequest, "invalid request: 'id' must be a number or a string"))]
            }
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (the server sends none): nothing to do.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [errorResponse(id: id ?? .null, LSPError(LSPErrorCode.invalidRequest, "invalid request: no 'method'"))]
        }
        guard message["jsonrpc"]?.stringValue == "2.0" else {
            return id == nil ? [] : [errorResponse(id: id!, LSPError(LSPErrorCode.invalidRequest, "invalid request: 'jsonrpc' must be \"2.0\""))]
        }
        let params = message["params"] ?? .null
        guard let id else {
            return notification(method, params)
        }
        do {
            let result = try request(method, params)
            return [["jsonrpc": "2.0", "id": id, "result": result]]
        } catch let e as LSPError {
            return [errorResponse(id: id, e)]
        } catch {
            return [errorResponse(id: id, LSPError(LSPErrorCode.internalError, "internal error"))]
        }
    }

    private func errorResponse(id: JSONValue, _ e: LSPError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(e.code), "message": .string(e.message)]]
    }

    // MARK: - Requests

    private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        switch state {
        case .uninitialized:
            guard method == "initialize" else {
                throw LSPError(LSPErrorCode.serverNotInitialized, "the server is not initialized: send 'initialize' first")
            }
            state = .running
            return ["capabilities": LanguageServer.capabilities,
                    "serverInfo": ["name": "scrollscript", "version": .string(ScrollScriptInfo.version)]]
        case .shutDown:
            throw LSPError(LSPErrorCode.invalidRequest, "the server is shut down: only 'exit' is accepted")
        case .running:
            break
        }
        switch method {
        case "initialize":
            throw LSPError(LSPErrorCode.invalidRequest, "the server is already initialized")
        case "shutdown":
            state = .shutDown
            return .null
        case "textDocument/completion":
            let (doc, pos) = try documentAndPosition(params)
            return withDeclarations(doc) { completion(doc, pos) }
        case "textDocument/hover":
            let (doc, pos) = try documentAndPosition(params)
            return withDeclarations(doc) { hover(doc, pos) }
        case "textDocument/definition":
            let (doc, pos) = try documentAndPosition(params)
            return definition(doc, pos)
        case "textDocument/formatting":
            return formatting(try document(params))
        case "textDocument/documentSymbol":
            return documentSymbols(try document(params))
        case "textDocument/codeAction":
            let doc = try document(params)
            guard let s = params["range"]?["start"], let e = params["range"]?["end"],
                  let sl = s["line"]?.intValue, let sc = s["character"]?.intValue,
                  let el = e["line"]?.intValue, let ec = e["character"]?.intValue, sl >= 0, el >= sl else {
                throw LSPError(LSPErrorCode.invalidParams, "invalid params: expected range.start and range.end")
            }
            return codeActions(doc, LSPRange(LSPPosition(line: sl, character: sc), LSPPosition(line: el, character: ec)))
        default:
            throw LSPError(LSPErrorCode.methodNotFound, "method not found: '\(method)'")
        }
    }

    private func document(_ params: JSONValue) throws -> TextDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw LSPError(LSPErrorCode.invalidParams, "invalid params: expected textDocument.uri")
        }
        guard let doc = documents[uri] else {
            throw LSPError(LSPErrorCode.invalidParams, "invalid params: '\(uri)' is not open (send textDocument/didOpen first)")
        }
        return doc
    }

    private func documentAndPosition(_ params: JSONValue) throws -> (TextDocument, LSPPosition) {
        let doc = try document(params)
        guard let line = params["position"]?["line"]?.intValue, let character = params["position"]?["character"]?.intValue,
              line >= 0, character >= 0 else {
            throw LSPError(LSPErrorCode.invalidParams, "invalid params: expected position.line and position.character (numbers from 0)")
        }
        return (doc, LSPPosition(line: line, character: character))
    }

    // MARK: - Notifications

    private func notification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return []
        }
        guard state == .running else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
                log("scrollscript lsp: didOpen without textDocument.uri and text; ignored")
                return []
            }
            let doc = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
            documents[uri] = doc
            return [publishDiagnostics(doc)]
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let old = documents[uri],
                  let changes = params["contentChanges"]?.arrayValue else {
                log("scrollscript lsp: didChange for a document that is not open, or without contentChanges; ignored")
                return []
            }
            // The server asks for full text; a change with a range is applied all the same.
            var current = old
            for change in changes {
                guard let text = change["text"]?.stringValue else { continue }
                if let r = change["range"], let sl = r["start"]?["line"]?.intValue, let sc = r["start"]?["character"]?.intValue,
                   let el = r["end"]?["line"]?.intValue, let ec = r["end"]?["character"]?.intValue {
                    let from = current.byteOffset(of: LSPPosition(line: max(0, sl), character: max(0, sc)))
                    let to = max(from, current.byteOffset(of: LSPPosition(line: max(0, el), character: max(0, ec))))
                    var bytes = current.bytes
                    bytes.replaceSubrange(from..<to, with: Array(text.utf8))
                    current = TextDocument(uri: uri, version: current.version, text: String(decoding: bytes, as: UTF8.self))
                } else {
                    current = TextDocument(uri: uri, version: current.version, text: text)
                }
            }
            let doc = TextDocument(uri: uri, version: params["textDocument"]?["version"]?.intValue ?? old.version + 1, text: String(decoding: current.bytes, as: UTF8.self))
            documents[uri] = doc
            return [publishDiagnostics(doc)]
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil else { return [] }
            programs[uri] = nil
            return [["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                     "params": ["uri": .string(uri), "diagnostics": []]]]
        default:
            // initialized, didSave, $/cancelRequest, $/setTrace...: nothing to do.
            return []
        }
    }
}
