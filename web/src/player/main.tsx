import '../public/base.css';
import './player.css';
import { render } from 'react-dom';
import { Player } from './Player.tsx';
import { isFramed } from '../public/frame.ts';
import { readRoute } from './route.ts';

const root = document.getElementById('root');
if (!root) throw new Error('player.html has no #root element');

render(<Player route={readRoute(window.location, isFramed())} />, root);
