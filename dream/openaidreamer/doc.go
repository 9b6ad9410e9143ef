// Package openaidreamer owns the openai dreamer: a tool-calling loop over
// the Chat Completions wire format, so any OpenAI-compatible server
// (OpenAI, Ollama, vLLM, llama.cpp) can dream.
//
// The model gets the run's instructions and exactly six tools, with paths
// relative to the run directory: list_dir, read_file and grep (allowed
// under .memory/ and .dreaming/input/), write_file and edit_file (Markdown
// files under .memory/ only) and remove_page (non-index pages under
// .memory/pages/). Every file operation goes through an os.Root opened on
// the run directory, so no path, symlink or ".." reaches the host; a
// refused call is answered with a tool error and the loop goes on. What
// the model leaves in .memory is validated by the coordinator before
// anything is published.
package openaidreamer
