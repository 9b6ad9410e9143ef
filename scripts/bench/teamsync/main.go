// Command teamsync measures a team's machines sharing one memory scope
// through one git server (issue 17): N replicas, R rounds in which every
// replica checkpoints one session of its own (a synthetic Claude Code
// transcript with one "remember that …" fact, so the builtin dreamer
// writes one page per fact), dreams with the builtin dreamer, pulls and
// pushes (without pulling before dreaming), then settle rounds (dream,
// pull, push). Then one replica forgets one fact and pushes, and every
// other replica pulls once.
//
// It reports convergence (one head everywhere), facts kept, session-dreams
// per session (the sessions of every dream batch, summed, over the
// sessions checkpointed), refused pushes (and how many of those were
// fast-forwards), diverged refs left, and whether the forget reached every
// replica in one pull round without a retry.
//
// The server is stock `git daemon --enable=receive-pack` on 127.0.0.1.
//
// Usage: go run ./scripts/bench/teamsync -memfs BIN [-n 10] [-rounds 4] [-settle 3]
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

const scope = "team"

var services = []string{"billing", "search", "ledger", "gateway", "mailer", "catalog", "ingest", "render", "scheduler", "metrics",
	"auth", "upload", "export", "import", "notify", "archive"}

type replica struct {
	home string
}

type bench struct {
	bin, url, base string
	reps           []replica

	sessions, dreamed int
	pushes, refused   int
	refusedFF         int
	outcomes          map[string]int
	requeued          int
	facts             []fact
}

type fact struct {
	name string
	port int
}

func main() {
	bin := flag.String("memfs", "", "the memfs binary")
	n := flag.Int("n", 10, "replicas")
	rounds := flag.Int("rounds", 4, "rounds of checkpoint, dream, pull, push")
	settle := flag.Int("settle", 3, "settle rounds (dream, pull, push)")
	flag.Parse()
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "teamsync: -memfs BIN is required")
		os.Exit(2)
	}
	if err := run(*bin, *n, *rounds, *settle); err != nil {
		fmt.Fprintln(os.Stderr, "teamsync:", err)
		os.Exit(1)
	}
}

func run(bin string, n, rounds, settle int) error {
	base, err := os.MkdirTemp("", "teamsync-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(base)
	if err := git("", "init", "-q", "--bare", filepath.Join(base, "server", "memory.git")); err != nil {
		return err
	}
	url, stop, err := daemon(filepath.Join(base, "server"))
	if err != nil {
		return err
	}
	defer stop()
	b := &bench{bin: bin, url: url, base: base, outcomes: map[string]int{}}
	for i := range n {
		r := replica{home: filepath.Join(base, fmt.Sprintf("r%02d", i))}
		if _, err := b.memfs(r, "init"); err != nil {
			return err
		}
		if _, err := b.memfs(r, "remote", "add", "origin", url, "--trust-erasures"); err != nil {
			return err
		}
		b.reps = append(b.reps, r)
	}
	start := time.Now()
	for round := range rounds {
		for i, r := range b.reps {
			f := fact{name: fmt.Sprintf("%s%d", services[i%len(services)], round*10+i/len(services)), port: 20000 + round*100 + i}
			b.facts = append(b.facts, f)
			if err := b.checkpoint(r, round, i, f); err != nil {
				return err
			}
			if err := b.cycle(r); err != nil {
				return err
			}
		}
	}
	for range settle {
		for _, r := range b.reps {
			if err := b.cycle(r); err != nil {
				return err
			}
		}
	}
	elapsed := time.Since(start)
	heads := map[string]bool{}
	kept, diverged := 0, 0
	for _, r := range b.reps {
		h, err := gitOut(filepath.Join(r.home, "store.git"), "rev-parse", scope)
		if err != nil {
			return err
		}
		heads[h] = true
		refs, _ := gitOut(filepath.Join(r.home, "store.git"), "for-each-ref", "refs/memfs/diverged/")
		diverged += len(strings.Fields(refs)) / 3
	}
	tree, err := gitOut(filepath.Join(b.reps[0].home, "store.git"), "grep", "-h", "-o", "-E", "port of the [a-z0-9]+ service is [0-9]+", scope, "--", "pages")
	if err != nil {
		return err
	}
	for _, f := range b.facts {
		if strings.Contains(tree, fmt.Sprintf("%s service is %d", f.name, f.port)) {
			kept++
		}
	}
	fmt.Printf("teamsync: %d replicas × %d rounds + %d settle rounds, one scope, builtin dreamer, git daemon on 127.0.0.1 (%.1f s)\n",
		len(b.reps), rounds, settle, elapsed.Seconds())
	fmt.Printf("converged:            %v (%d distinct heads)\n", len(heads) == 1, len(heads))
	fmt.Printf("facts kept:           %d of %d\n", kept, len(b.facts))
	fmt.Printf("session-dreams:       %d for %d sessions (%.2f per session)\n", b.dreamed, b.sessions, float64(b.dreamed)/float64(b.sessions))
	fmt.Printf("pull outcomes:        %v; sessions requeued: %d\n", b.outcomes, b.requeued)
	fmt.Printf("pushes refused:       %d of %d (%d of them fast-forwards)\n", b.refused, b.pushes, b.refusedFF)
	fmt.Printf("diverged refs left:   %d\n", diverged)
	if err := b.forget(); err != nil {
		return err
	}
	clean := 0
	repos := []string{filepath.Join(base, "server", "memory.git")}
	for _, r := range b.reps {
		repos = append(repos, filepath.Join(r.home, "store.git"))
	}
	for _, repo := range repos {
		if git(repo, "fsck", "--strict", "--no-dangling") == nil {
			clean++
		}
	}
	fmt.Printf("git fsck --strict:    %d of %d repositories clean (server and replicas)\n", clean, len(repos))
	return nil
}

// forget has replica 0 forget one fact's port and push; every other
// replica pulls once; the port must be gone from every store.
func (b *bench) forget() error {
	r0 := b.reps[0]
	f := b.facts[len(b.facts)/2]
	target := fmt.Sprintf("text:%d", f.port)
	if _, err := b.memfs(r0, "pull"); err != nil {
		return err
	}
	out, err := b.memfs(r0, "--json", "forget", "preview", "--target", target)
	if err != nil {
		return err
	}
	var p struct {
		Scope string `json:"forget_scope"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		return fmt.Errorf("forget preview: %w", err)
	}
	if _, err := b.memfs(r0, "forget", "apply", "--token", p.Scope, "--target", target); err != nil {
		return err
	}
	retries := 0
	if _, err := b.memfs(r0, "push"); err != nil {
		retries++
		if _, err := b.memfs(r0, "pull"); err != nil {
			return err
		}
		if _, err := b.memfs(r0, "push"); err != nil {
			return err
		}
	}
	start := time.Now()
	for _, r := range b.reps[1:] {
		if _, err := b.memfs(r, "pull"); err != nil {
			return err
		}
	}
	round := time.Since(start)
	holding := 0
	needle := []byte(fmt.Sprint(f.port))
	for _, r := range b.reps {
		all, err := gitOut(filepath.Join(r.home, "store.git"), "cat-file", "--batch-all-objects", "--batch")
		if err != nil {
			return err
		}
		if bytes.Contains([]byte(all), needle) {
			holding++
		}
	}
	fmt.Printf("forget:               %s on replica 0, push retries %d; after one pull round (%.1f s) %d of %d replicas still hold it\n",
		target, retries, round.Seconds(), holding, len(b.reps))
	return nil
}

// checkpoint writes replica i's session of round and checkpoints it.
func (b *bench) checkpoint(r replica, round, i int, f fact) error {
	sid := fmt.Sprintf("%08x-0000-4000-8000-%012x", round*1000+i+1, i)
	uuid := func(k int) string { return fmt.Sprintf("%08x-1111-4000-8000-%012x", round*1000+i+1, k) }
	lines := []map[string]any{
		{"type": "permission-mode", "permissionMode": "default", "sessionId": sid},
		{"parentUuid": nil, "isSidechain": false, "userType": "external", "cwd": "/nonexistent/team", "sessionId": sid,
			"version": "2.1.197", "gitBranch": "main", "type": "user", "uuid": uuid(1), "timestamp": "2026-04-02T08:00:00.000Z",
			"message": map[string]any{"role": "user", "content": fmt.Sprintf("Please remember that the staging port of the %s service is %d.", f.name, f.port)}},
		{"parentUuid": uuid(1), "isSidechain": false, "userType": "external", "cwd": "/nonexistent/team", "sessionId": sid,
			"version": "2.1.197", "gitBranch": "main", "type": "assistant", "requestId": "req_" + sid[:8], "uuid": uuid(2),
			"timestamp": "2026-04-02T08:00:03.000Z",
			"message": map[string]any{"model": "claude-sonnet-4-5", "id": "msg_" + sid[:8], "type": "message", "role": "assistant",
				"content":     []map[string]any{{"type": "text", "text": "Noted."}},
				"stop_reason": "end_turn", "usage": map[string]any{"input_tokens": 9, "output_tokens": 2}}},
	}
	var buf bytes.Buffer
	for _, l := range lines {
		j, _ := json.Marshal(l)
		buf.Write(append(j, '\n'))
	}
	file := filepath.Join(r.home, "transcripts", sid+".jsonl")
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return err
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o600); err != nil {
		return err
	}
	b.sessions++
	_, err := b.memfs(r, "checkpoint", "--transcript", file)
	return err
}

// cycle is one replica's turn: dream, pull, push.
func (b *bench) cycle(r replica) error {
	out, err := b.memfs(r, "--json", "dream", "--now")
	if err != nil {
		return err
	}
	var d struct {
		Runs []struct {
			Sessions []string `json:"sessions"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		return fmt.Errorf("dream output: %w", err)
	}
	for _, run := range d.Runs {
		b.dreamed += len(run.Sessions)
	}
	out, err = b.memfs(r, "--json", "pull")
	if err != nil {
		return err
	}
	var p struct {
		Result struct {
			Branches []struct{ Outcome string }
		}
		Requeued int
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		return fmt.Errorf("pull output: %w", err)
	}
	for _, br := range p.Result.Branches {
		b.outcomes[br.Outcome]++
	}
	b.requeued += p.Requeued
	store := filepath.Join(r.home, "store.git")
	ff := false
	if remote, err := gitOut(store, "ls-remote", b.url, "refs/heads/"+scope); err == nil && len(remote) >= 40 {
		ff = exec.Command("git", "-C", store, "merge-base", "--is-ancestor", remote[:40], scope).Run() == nil
	}
	b.pushes++
	out, _ = b.memfs(r, "--json", "push")
	var ps struct {
		Result struct {
			Refused []string `json:"refused"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(out), &ps); err != nil {
		return fmt.Errorf("push output: %w: %s", err, out)
	}
	if len(ps.Result.Refused) > 0 {
		b.refused++
		if ff {
			b.refusedFF++
		}
	}
	return nil
}

func (b *bench) memfs(r replica, args ...string) (string, error) {
	cmd := exec.Command(b.bin, append([]string{"--home", r.home, "--scope", scope}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("memfs %s: %w: %s", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), nil
}

func git(dir string, args ...string) error {
	_, err := gitOut(dir, args...)
	return err
}

func gitOut(dir string, args ...string) (string, error) {
	if dir != "" {
		args = append([]string{"-C", dir}, args...)
	}
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, ee.Stderr)
		}
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return string(out), nil
}

// daemon serves base with git daemon on 127.0.0.1 (push enabled).
func daemon(base string) (string, func(), error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command("git", "daemon", "--reuseaddr", "--export-all", "--enable=receive-pack",
		"--base-path="+base, "--listen=127.0.0.1", fmt.Sprintf("--port=%d", port), base)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // git-daemon is git's child: stop the group
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); cmd.Wait() }
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			stop()
			return "", nil, fmt.Errorf("git daemon not listening: %w", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return fmt.Sprintf("git://127.0.0.1:%d/memory.git", port), stop, nil
}
