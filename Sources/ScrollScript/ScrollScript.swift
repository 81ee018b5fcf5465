// ScrollScript: the language. See grammar.md.
@_exported import ScrollSim

public enum ScrollScriptInfo {
    public static let version = "0.1.0"
}
