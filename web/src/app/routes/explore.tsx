export function ExploreRoute() {
  return (
    <section aria-labelledby="explore-title" className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 id="explore-title" className="text-2xl font-semibold">
        Explore places
      </h1>
      <p className="mt-2 text-slate-600">Places the community loves, on a map and in a list.</p>
    </section>
  );
}
