// ScrollScript for VS Code: starts `scrollscript lsp` (the language server of the
// `scrollscript` tool) for .scroll files. Colours come from the TextMate grammar in
// syntaxes/, which works without the server.
//
// Needs the npm package vscode-languageclient (`npm install` in this folder; see
// docs/editors.md, "Setup"), and `scrollscript` on PATH or in the setting
// `scrollscript.path`.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('scrollscript').get('path') || 'scrollscript';
  const serverOptions = { command, args: ['lsp'] };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'scrollscript' }, { scheme: 'untitled', language: 'scrollscript' }],
  };
  client = new LanguageClient('scrollscript', 'ScrollScript', serverOptions, clientOptions);
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
