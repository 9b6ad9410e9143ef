package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Uninstall removes from a's settings file what Install added: memfs's hook
// entry of each of a's events, the matcher group Install made for it when
// the group holds nothing else, the event's array when it is left empty
// and the "hooks" object when it is left empty. Every other key and hook
// stays in place and in order. A file that changes is backed up first; a
// file without memfs hooks (or no file) is not touched. Events in the
// result are those whose hook was removed.
func Uninstall(a Agent, o InstallOptions) (*InstallResult, error) {
	return editSettings(a, o, false, func(old []byte) ([]byte, []string, error) {
		return removeHooks(old, a.Events, a.Name)
	})
}

// removeHooks is mergeHooks undone; see Uninstall.
func removeHooks(old []byte, events []string, agent string) ([]byte, []string, error) {
	if len(bytes.TrimSpace(old)) == 0 {
		return old, nil, nil
	}
	root := &jsonObject{}
	if err := root.UnmarshalJSON(old); err != nil {
		return nil, nil, fmt.Errorf("not a JSON object: %w", err)
	}
	raw, ok := root.get("hooks")
	if !ok {
		return old, nil, nil
	}
	hooks := &jsonObject{}
	if err := hooks.UnmarshalJSON(raw); err != nil {
		return nil, nil, fmt.Errorf(`"hooks" is not an object: %w`, err)
	}
	var changes []string
	for _, event := range events {
		raw, ok := hooks.get(event)
		if !ok {
			continue
		}
		var groups []json.RawMessage
		if err := json.Unmarshal(raw, &groups); err != nil {
			return nil, nil, fmt.Errorf("hooks.%s is not an array: %w", event, err)
		}
		kept, removed, err := withoutMemfsHook(groups, agent)
		if err != nil {
			return nil, nil, fmt.Errorf("hooks.%s: %w", event, err)
		}
		if !removed {
			continue
		}
		if len(kept) == 0 {
			hooks.del(event)
		} else {
			hooks.set(event, mustJSON(kept))
		}
		changes = append(changes, event)
	}
	if len(changes) == 0 {
		return old, nil, nil
	}
	if len(hooks.keys) == 0 {
		root.del("hooks")
	} else {
		root.set("hooks", mustJSON(hooks))
	}
	var out bytes.Buffer
	if err := json.Indent(&out, mustJSON(root), "", "  "); err != nil {
		return nil, nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), changes, nil
}

// withoutMemfsHook drops memfs's hook entries from an event's matcher
// groups, and a group left with no hooks and nothing but its "hooks" key
// (the group Install adds).
func withoutMemfsHook(groups []json.RawMessage, agent string) ([]json.RawMessage, bool, error) {
	var kept []json.RawMessage
	removed := false
	for _, raw := range groups {
		var group jsonObject
		if err := group.UnmarshalJSON(raw); err != nil {
			return nil, false, fmt.Errorf("a matcher group is not an object: %w", err)
		}
		hooksRaw, ok := group.get("hooks")
		if !ok {
			kept = append(kept, raw)
			continue
		}
		var entries []json.RawMessage
		if err := json.Unmarshal(hooksRaw, &entries); err != nil {
			return nil, false, fmt.Errorf("a group's hooks is not an array: %w", err)
		}
		var left []json.RawMessage
		for _, eraw := range entries {
			var e struct {
				Command string `json:"command"`
			}
			if json.Unmarshal(eraw, &e) == nil && IsMemfsHook(e.Command, agent) {
				removed = true
				continue
			}
			left = append(left, eraw)
		}
		switch {
		case len(left) == len(entries):
			kept = append(kept, raw)
		case len(left) == 0 && len(group.keys) == 1:
			// the group Install made: drop it whole
		default:
			if left == nil {
				left = []json.RawMessage{}
			}
			group.set("hooks", mustJSON(left))
			kept = append(kept, mustJSON(&group))
		}
	}
	return kept, removed, nil
}
