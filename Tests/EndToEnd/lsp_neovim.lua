-- Neovim's built-in LSP client (Debian's 0.7: vim.lsp.start_client, no vim.lsp.start) against
-- `supertext lsp`. Run by lsp.sh: nvim --headless -u NONE -c "luafile Tests/EndToEnd/lsp_neovim.lua"
-- with SUPERTEXT (the binary) and LSP_WORKSPACE (an empty temporary directory) set.
-- Exits 0 only when every step holds; any failure or timeout ends in :cquit.

local supertext = assert(os.getenv("SUPERTEXT"), "SUPERTEXT is not set")
local root = assert(os.getenv("LSP_WORKSPACE"), "LSP_WORKSPACE is not set")
-- A debug build may take many seconds over its first check.
local timeout = tonumber(os.getenv("SUPERTEXT_LSP_TIMEOUT") or "120") * 1000

local function say(message)
  io.stdout:write(message .. "\n")
end

local function check(condition, message, ...)
  if not condition then
    error(string.format(message, ...), 2)
  end
end

local function wait(what, condition)
  check(vim.wait(timeout, condition, 50), "timed out after %d s waiting for %s", timeout / 1000, what)
end

local function lines()
  return vim.api.nvim_buf_get_lines(0, 0, -1, true)
end

-- The code actions at the start of a diagnostic, asked for as `vim.lsp.buf.code_action()` does:
-- from the cursor, with the line's diagnostics as context.
local function code_actions(client, diagnostic)
  vim.api.nvim_win_set_cursor(0, { diagnostic.lnum + 1, diagnostic.col })
  local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0) }
  local responses, err = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, timeout)
  check(responses, "no answer to textDocument/codeAction: %s", tostring(err))
  local response = responses[client.id]
  check(response and response.result, "textDocument/codeAction failed: %s", vim.inspect(response))
  return response.result
end

local function action_titled(actions, title)
  for _, action in ipairs(actions) do
    if action.title == title then
      return action
    end
  end
  error("no action " .. title .. " in " .. vim.inspect(vim.tbl_map(function(a) return a.title end, actions)))
end

local function main()
  -- Before "recieve": a euro sign, an emoji and an em dash. The server counts UTF-16 units
  -- (19); Neovim's diagnostic columns are bytes (25), converted with the client's encoding.
  local path = root .. "/notes.md"
  vim.fn.writefile({ "# Notes", "", "Price: 5 € 😀 — we recieve it.", "" }, path)
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  vim.bo.filetype = "markdown"

  local exit_code
  local client_id = vim.lsp.start_client({
    name = "supertext",
    cmd = { supertext, "lsp" },
    root_dir = root,
    -- The editor's settings; detection would load every dictionary.
    init_options = { supertext = { language = "en-US" } },
    on_exit = function(code)
      exit_code = code
    end,
  })
  check(client_id, "vim.lsp.start_client failed")
  check(vim.lsp.buf_attach_client(0, client_id), "vim.lsp.buf_attach_client failed")
  local client = vim.lsp.get_client_by_id(client_id)
  wait("the client to initialize", function()
    return client.initialized
  end)
  check(client.offset_encoding == "utf-16", "offset encoding %s, not utf-16", client.offset_encoding)

  wait("the diagnostic of 'recieve'", function()
    return #vim.diagnostic.get(0) > 0
  end)
  local diagnostics = vim.diagnostic.get(0)
  check(#diagnostics == 1, "diagnostics: %s", vim.inspect(diagnostics))
  local diagnostic = diagnostics[1]
  check(diagnostic.lnum == 2 and diagnostic.end_lnum == 2, "diagnostic on lines %d-%d, not 2", diagnostic.lnum, diagnostic.end_lnum)
  check(diagnostic.col == 25 and diagnostic.end_col == 32, "diagnostic at bytes %d-%d, not 25-32", diagnostic.col, diagnostic.end_col)
  check(diagnostic.code == "SPELLING", "code %s, not SPELLING", tostring(diagnostic.code))
  check(diagnostic.source == "supertext", "source %s, not supertext", tostring(diagnostic.source))
  check(diagnostic.severity == vim.diagnostic.severity.WARN, "severity %s, not WARN", tostring(diagnostic.severity))
  say("ok - diagnostic at line 3, byte 25, code SPELLING")

  -- The preferred quickfix, applied as Neovim applies an action's edit.
  local fix = action_titled(code_actions(client, diagnostic), "Replace with 'receive'")
  check(fix.kind == "quickfix" and fix.isPreferred == true and fix.edit, "fix: %s", vim.inspect(fix))
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
  check(lines()[3] == "Price: 5 € 😀 — we receive it.", "line 3 after the fix: %s", lines()[3])
  -- Neovim sends the edit as an incremental change; the server's new check finds nothing.
  wait("the diagnostics to clear after the fix", function()
    return #vim.diagnostic.get(0) == 0
  end)
  say("ok - the quickfix corrected the buffer and the diagnostic went")

  -- A name typed on a new line; its "add to the project dictionary" command is run by the
  -- server, which writes the workspace's word list.
  vim.api.nvim_buf_set_lines(0, 4, 4, true, { "Ask Zorblax about it." })
  wait("the diagnostic of 'Zorblax'", function()
    return #vim.diagnostic.get(0) == 1
  end)
  diagnostic = vim.diagnostic.get(0)[1]
  check(diagnostic.lnum == 4 and diagnostic.col == 4 and diagnostic.end_col == 11, "Zorblax at %d:%d-%d, not 4:4-11",
    diagnostic.lnum, diagnostic.col, diagnostic.end_col)
  local add = action_titled(code_actions(client, diagnostic), "Add 'Zorblax' to the project dictionary")
  local responses = vim.lsp.buf_request_sync(0, "workspace/executeCommand", add.command, timeout)
  check(responses and responses[client_id] and not responses[client_id].err, "executeCommand: %s",
    vim.inspect(responses))
  local words = vim.fn.readfile(root .. "/.supertext/dictionary.txt")
  check(#words == 1 and words[1] == "Zorblax", "dictionary: %s", vim.inspect(words))
  wait("the diagnostics to clear after the command", function()
    return #vim.diagnostic.get(0) == 0
  end)
  say("ok - the command wrote .supertext/dictionary.txt and the diagnostic went")

  -- Shutdown then exit: the server's status is 0.
  vim.lsp.stop_client(client_id)
  wait("the server to exit", function()
    return exit_code ~= nil
  end)
  check(exit_code == 0, "the server exited with status %s", tostring(exit_code))
  say("ok - the server shut down with status 0")
end

local ok, message = xpcall(main, debug.traceback)
if ok then
  vim.cmd("qall!")
else
  io.stderr:write("FAIL: " .. tostring(message) .. "\n")
  vim.cmd("cquit 1")
end
