/** The page shell. The visualizer itself (graph, editor, timeline) arrives with issue 4. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
      <h1>Loopscope</h1>
      <p>The simulated cluster runs headless today: try <code>npx loopscope run scenarios/delete-a-pod.yaml</code>.</p>
    </main>
  );
}
