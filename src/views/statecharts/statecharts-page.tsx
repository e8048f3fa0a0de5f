import { machineRegistry } from '@/machines/registry';

export function StatechartsPage() {
  return (
    <div className="page page--statecharts">
      <h1>State charts</h1>
      {machineRegistry.map((entry) => (
        <section key={entry.machine.id}>
          <h2>{entry.title}</h2>
          <p>{entry.description}</p>
        </section>
      ))}
    </div>
  );
}
