// Package synthmem generates synthetic sessions for memory capacity tests
// and benchmarks: a user stating the settings of many services, one fact a
// sentence, and later changing some of them. Every fact is phrased the way
// the builtin dreamer keeps ("Remember that the <service> <setting> is
// <value>."), so that what is measured is the memory, not recognition.
package synthmem

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// Record is one line of a staged transcript.
type Record struct {
	Role string `json:"role"`
	ID   string `json:"id"`
	Text string `json:"text"`
}

// Fact is a subject and the value a session gave it.
type Fact struct {
	Subject, Value string
}

// Session is one synthetic session.
type Session struct {
	ID      string
	Records []Record
	// Facts are what the session states, in order; a subject stated
	// before is an update.
	Facts []Fact
}

// Transcript is the session as a run stages it: JSON lines.
func (s Session) Transcript() []byte {
	var b []byte
	for _, r := range s.Records {
		l, _ := json.Marshal(r)
		b = append(append(b, l...), '\n')
	}
	return b
}

var settings = []string{
	"cache ttl", "queue depth limit", "deploy window", "retry budget", "log retention", "pager rotation",
	"worker count", "heap limit", "request timeout", "batch size", "release branch", "canary share",
	"rate limit", "backup schedule", "alert threshold", "connection pool size", "shard count",
	"metrics port", "health check path", "build image", "feature flag owner", "cost center",
	"data region", "snapshot interval", "error budget", "sla target", "lint profile", "test shard count",
	"schema version", "protocol version", "warmup period", "drain timeout", "token lifetime",
	"session timeout", "max payload", "compression level", "index refresh", "vacuum schedule",
	"replica count", "failover region", "audit sink", "trace sampling", "upload limit", "page size",
	"sync interval", "lock timeout", "gc pause target", "thread pool size", "dns ttl", "cdn origin",
}

var syllables = []string{"ka", "lo", "mi", "ru", "te", "vo", "za", "ne", "pi", "do", "su", "ga", "bri", "tor", "quel", "fen"}

// services are n distinct made-up service names.
func services(n int) []string {
	out := make([]string, 0, n)
	seen := map[string]bool{}
	for i := 0; len(out) < n; i++ {
		a, b, c := syllables[i%len(syllables)], syllables[(i/len(syllables))%len(syllables)], syllables[(i/(len(syllables)*len(syllables)))%len(syllables)]
		w := a + b + c + "x"
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

var leads = []string{"Remember that", "Note for later:", "Keep in mind that", "Remember that"}

// Generate returns sessions stating facts distinct subjects in all, about
// one in ten statements after the first fifth changing a subject stated
// before. It is deterministic for a seed.
func Generate(sessions, facts int, seed uint64) []Session {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	nsvc := max(1, (facts+len(settings)-1)/len(settings))
	svcs := services(nsvc)
	var subjects []string
	for _, a := range settings {
		for _, s := range svcs {
			subjects = append(subjects, s+" "+a)
		}
	}
	subjects = subjects[:facts]
	rng.Shuffle(len(subjects), func(i, j int) { subjects[i], subjects[j] = subjects[j], subjects[i] })
	out := make([]Session, sessions)
	next := 0
	for i := range out {
		s := &out[i]
		s.ID = fmt.Sprintf("5e55%04x-0000-4000-8000-%012x", i, seed)
		// Spread the new subjects evenly over the sessions.
		want := (facts*(i+1))/sessions - next
		var stated []Fact
		for k := 0; k < want; k++ {
			stated = append(stated, Fact{subjects[next], value(rng)})
			next++
		}
		if next > facts/5 && rng.IntN(10) < 4 {
			stated = append(stated, Fact{subjects[rng.IntN(next)], value(rng)})
		}
		n := 0
		for _, f := range stated {
			n++
			lead := leads[rng.IntN(len(leads))]
			s.Records = append(s.Records,
				Record{Role: "user", ID: fmt.Sprintf("u%d", n), Text: fmt.Sprintf("%s the %s is %s.", lead, f.Subject, f.Value)},
				Record{Role: "assistant", ID: fmt.Sprintf("a%d", n), Text: "Noted."})
		}
		s.Facts = stated
	}
	return out
}

func value(rng *rand.Rand) string {
	switch rng.IntN(3) {
	case 0:
		return fmt.Sprintf("%d seconds", 5+rng.IntN(900))
	case 1:
		return fmt.Sprintf("v%d.%d", 1+rng.IntN(9), rng.IntN(30))
	}
	return fmt.Sprintf("%d", 2+rng.IntN(5000))
}

// Current is the value each subject has after sessions, the last stated.
func Current(sessions []Session) map[string]string {
	out := map[string]string{}
	for _, s := range sessions {
		for _, f := range s.Facts {
			out[f.Subject] = f.Value
		}
	}
	return out
}
