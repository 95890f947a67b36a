import { Route, Switch } from 'wouter';
import { Home } from './routes/home';
import { Loading } from './routes/loading';
import { useRouteGuard } from './routes/route-guard';

export function App() {
  const allowed = useRouteGuard();
  if (allowed === null) return null;
  return (
    <Switch location={allowed}>
      {/* The Loading screen is full screen, outside any site layout. */}
      <Route path="/" component={Loading} />
      <Route path="/home" component={Home} />
      <Route>
        <Home />
      </Route>
    </Switch>
  );
}
